package io.mqprobe.run.target;

import io.mqprobe.api.InstanceSpec;
import io.mqprobe.api.Target;
import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.isolation.BrokerIsolation;
import io.mqprobe.embedded.isolation.IsolationOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * The cluster under test as a command concluded it from its target options: every value parsed and checked once,
 * nothing changed afterwards. A command that decides more than the user typed (the probe isolates by default, a probe
 * over sizes gives each size its broker spec, an OMB driver file names the system and the cluster) gets a new plan
 * from one of the {@code with} methods; the options it was parsed from stay as typed.
 *
 * @param bootstrap         the brokers of an existing cluster, or empty for an embedded one
 * @param driverId          the driver of the target
 * @param commandConfig     the {@code --command-config} file, or {@code null}
 * @param clientProperties  settings every client gets (may hold secrets: shown only redacted)
 * @param brokers           brokers of an embedded cluster this command starts, when given
 * @param connectTimeout    how long to wait for the cluster to answer
 * @param security          the {@code --security} modes, in the order given
 * @param securityText      {@code --security} as typed, for messages
 * @param brokerOverrides   {@code --broker-config} settings, in order
 * @param isolation         the isolation the flags ask for
 * @param isolationUnset    none of the isolation flags was given
 * @param confinesBrokers   a flag sizes or confines the embedded brokers themselves (not only the load generator)
 * @param isolatedByDefault the command isolates an embedded cluster it starts when no isolation flag was given
 */
public record TargetPlan(Optional<String> bootstrap, String driverId, Path commandConfig, Map<String, String> clientProperties,
                         OptionalInt brokers, Duration connectTimeout, List<Security> security, String securityText,
                         Map<String, String> brokerOverrides, IsolationOptions isolation, boolean isolationUnset,
                         boolean confinesBrokers, boolean isolatedByDefault) {

    public TargetPlan {
        clientProperties = Map.copyOf(clientProperties);
        security = List.copyOf(security);
        brokerOverrides = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(brokerOverrides));
    }

    /** The same plan, for a command that isolates an embedded cluster it starts by default (see {@link #chooseIsolation}). */
    public TargetPlan withIsolationByDefault() {
        return new TargetPlan(bootstrap, driverId, commandConfig, clientProperties, brokers, connectTimeout, security,
                securityText, brokerOverrides, isolation, isolationUnset, confinesBrokers, true);
    }

    /** Each broker of the embedded cluster gets {@code spec}, as if typed as {@code --broker-spec}. */
    public TargetPlan withBrokerSpec(InstanceSpec spec) {
        IsolationOptions sized = new IsolationOptions(spec, isolation.clientCores(), isolation.allowOversubscribe(),
                isolation.brokerNet(), isolation.brokerDiskBytesPerSecond());
        return new TargetPlan(bootstrap, driverId, commandConfig, clientProperties, brokers, connectTimeout, security,
                securityText, brokerOverrides, sized, false, true, isolatedByDefault);
    }

    /**
     * The plan pointed at {@code hostPorts} (a command's own name for the cluster, e.g. mirror's --source-bootstrap).
     *
     * @throws UsageException when {@code --bootstrap} named another cluster
     */
    public TargetPlan withBootstrap(String hostPorts) {
        if (bootstrap.isPresent() && !bootstrap.get().equals(hostPorts)) {
            throw new UsageException("--bootstrap and --source-bootstrap name different clusters; give one");
        }
        return new TargetPlan(Optional.of(hostPorts), driverId, commandConfig, clientProperties, brokers, connectTimeout,
                security, securityText, brokerOverrides, isolation, isolationUnset, confinesBrokers, isolatedByDefault);
    }

    /** The plan on driver {@code id}, when the command's input names the system (an OMB driver file does). */
    public TargetPlan withDriver(String id) {
        return new TargetPlan(bootstrap, id, commandConfig, clientProperties, brokers, connectTimeout, security,
                securityText, brokerOverrides, isolation, isolationUnset, confinesBrokers, isolatedByDefault);
    }

    /**
     * The plan with settings every client gets from another source than {@code --command-config} (an OMB driver file's
     * ACL keys); they may be secret and are only ever shown redacted, as the file's are.
     *
     * @throws UsageException naming the key (never its value) when both sources give it different values
     */
    public TargetPlan withClientProperties(Map<String, String> settings, String origin) {
        Map<String, String> all = new TreeMap<>(clientProperties);
        settings.forEach((key, value) -> {
            String given = all.put(key, value);
            if (given != null && !given.equals(value)) {
                throw new UsageException(key + " in --command-config " + commandConfig + " and in " + origin
                        + " differ; give it once");
            }
        });
        return new TargetPlan(bootstrap, driverId, commandConfig, all, brokers, connectTimeout, security, securityText,
                brokerOverrides, isolation, isolationUnset, confinesBrokers, isolatedByDefault);
    }

    /** True when any client must use SSL (the embedded cluster then needs its SSL listener). */
    public boolean wantsSsl() {
        return security.contains(Security.SSL);
    }

    /** The target at {@code bootstrapServers} with this driver, client settings and timeout. */
    public Target target(String bootstrapServers) {
        return new Target(driverId, bootstrapServers, clientProperties, connectTimeout);
    }

    /**
     * Isolation chosen for the machine when the command starts its own embedded cluster and the user typed no
     * isolation flag (the probe does this; {@code --no-isolation} keeps it off), or only the load generator's quota
     * ({@code --client-cores}): the brokers then share the rest as they would by default.
     *
     * @return the chosen isolation, or empty when the user's flags, {@code --bootstrap} or a {@code cluster up} decide
     */
    Optional<IsolationOptions> chooseIsolation(int defaultBrokers, boolean clusterUpRunning) {
        if (!wouldChooseIsolation(clusterUpRunning)) {
            return Optional.empty();
        }
        int machineCores = BrokerIsolation.machineCpus().size();
        int brokerCount = brokers.orElse(defaultBrokers);
        return Optional.of(isolationUnset ? IsolationOptions.automatic(brokerCount, machineCores)
                : IsolationOptions.brokersAround(isolation.clientCores(), isolation.allowOversubscribe(), brokerCount,
                machineCores));
    }

    /** True when {@link #chooseIsolation} would choose (the command asks for it, nothing else decides). */
    public boolean wouldChooseIsolation(boolean clusterUpRunning) {
        boolean clientCoresAlone = isolation.clientCores() > 0 && !confinesBrokers;
        return isolatedByDefault && bootstrap.isEmpty() && !clusterUpRunning && (isolationUnset || clientCoresAlone);
    }
}
