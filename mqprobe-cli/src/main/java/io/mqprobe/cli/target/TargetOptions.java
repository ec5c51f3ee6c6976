package io.mqprobe.cli.target;

import io.mqprobe.api.Drivers;
import io.mqprobe.api.Target;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.embedded.isolation.IsolationOptions;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.TreeMap;

/** Where the cluster under test is and how to reach it: a picocli mixin of every command that talks to a cluster. */
public final class TargetOptions {

    @Option(names = "--bootstrap", paramLabel = "HOST:PORT[,...]",
            description = "Brokers of an existing cluster. Without it mqprobe uses the cluster of 'mqprobe cluster up', "
                    + "or starts a temporary embedded Kafka cluster on 127.0.0.1.")
    String bootstrap;

    @Option(names = "--command-config", paramLabel = "FILE",
            description = "Client settings (.properties, e.g. security.protocol, sasl.*, ssl.*) applied to every client, as in Kafka's tools.")
    Path commandConfig;

    @Option(names = "--driver", paramLabel = "ID", defaultValue = Drivers.DEFAULT_ID,
            description = "Driver of the target (default: ${DEFAULT-VALUE}).")
    String driverId;

    @Option(names = "--brokers", paramLabel = "N",
            description = "Brokers of the embedded cluster, when one is started (1 to 9).")
    Integer brokers;

    @Option(names = "--connect-timeout", paramLabel = "DURATION", defaultValue = "10s", converter = ConnectTimeoutConverter.class,
            description = "How long to wait for the cluster to answer (default: ${DEFAULT-VALUE}).")
    Duration connectTimeout;

    @Option(names = "--security", paramLabel = "MODE[,MODE]", defaultValue = "plaintext",
            description = "plaintext or ssl (default: ${DEFAULT-VALUE}). An embedded cluster gets an SSL listener with keys made "
                    + "at start; against --bootstrap, ssl sets security.protocol=SSL and --command-config gives the trust store. "
                    + "'plaintext,ssl' runs each probe scenario over both listeners of an embedded cluster.")
    String security;

    @Option(names = "--broker-config", paramLabel = "KEY=VALUE",
            description = "A broker setting of the embedded cluster this command starts (repeatable), e.g. num.replica.fetchers=4.")
    List<String> brokerConfig = new java.util.ArrayList<>();

    @Mixin
    IsolationFlags isolationFlags = new IsolationFlags();

    private Map<String, String> clientProperties;
    private boolean isolateByDefault;

    /**
     * Each broker of the embedded cluster the next session starts gets {@code spec}, as if typed as
     * {@code --broker-spec} (a probe over several sizes starts one cluster per size).
     */
    public void useBrokerSpec(io.mqprobe.api.InstanceSpec spec) {
        isolationFlags.brokerSpec = spec.toString();
    }

    /** The command isolates an embedded cluster it starts by default (see {@link #chooseIsolation}). */
    public void isolateByDefault() {
        isolateByDefault = true;
    }

    public Optional<String> bootstrap() {
        return bootstrap == null || bootstrap.isBlank() ? Optional.empty() : Optional.of(bootstrap.trim());
    }

    /** Points the session at {@code hostPorts} (a command's own name for the cluster, e.g. mirror's --source-bootstrap). */
    public void useBootstrap(String hostPorts) {
        if (bootstrap != null && !bootstrap.isBlank() && !bootstrap.equals(hostPorts)) {
            throw new UsageException("--bootstrap and --source-bootstrap name different clusters; give one");
        }
        bootstrap = hostPorts;
    }

    public String driverId() {
        return driverId;
    }

    /** Runs the session on driver {@code id}, when the command's input names the system (an OMB driver file does). */
    public void useDriver(String id) {
        driverId = id;
    }

    /**
     * Adds settings every client gets from another source than {@code --command-config} (an OMB driver file's ACL
     * keys); they may be secret and are only ever shown redacted, as the file's are.
     *
     * @throws UsageException naming the key (never its value) when both sources give it different values
     */
    public void addClientProperties(Map<String, String> settings, String origin) {
        Map<String, String> all = new TreeMap<>(clientProperties());
        settings.forEach((key, value) -> {
            String given = all.put(key, value);
            if (given != null && !given.equals(value)) {
                throw new UsageException(key + " in --command-config " + commandConfig + " and in " + origin
                        + " differ; give it once");
            }
        });
        clientProperties = Map.copyOf(all);
    }

    public OptionalInt brokers() {
        return brokers == null ? OptionalInt.empty() : OptionalInt.of(brokers);
    }

    /** The modes of {@code --security}, in the order given; @throws UsageException for an unknown mode */
    public List<Security> securityModes() {
        return Security.parseList(security == null ? "plaintext" : security);
    }

    /** The {@code --broker-config} settings, in order; @throws UsageException for one without '=' */
    public Map<String, String> brokerOverrides() {
        Map<String, String> settings = new java.util.LinkedHashMap<>();
        for (String pair : brokerConfig) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--broker-config expects KEY=VALUE, got '" + pair + "'");
            }
            settings.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return settings;
    }

    /** True when any client must use SSL (the embedded cluster then needs its SSL listener). */
    public boolean wantsSsl() {
        return securityModes().contains(Security.SSL);
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    public Optional<Path> commandConfig() {
        return Optional.ofNullable(commandConfig);
    }

    /**
     * The settings of {@code --command-config} (empty without it), read once.
     *
     * @throws UsageException naming the file when it cannot be read
     */
    public Map<String, String> clientProperties() {
        if (clientProperties == null) {
            clientProperties = commandConfig == null ? Map.of() : read(commandConfig);
        }
        return clientProperties;
    }

    /** The isolation asked for with {@code --broker-spec}, {@code --client-cores}, ...; @throws UsageException naming a bad value */
    public IsolationOptions isolation() {
        return isolationFlags.isolation();
    }

    /**
     * Isolation chosen for the machine when the command starts its own embedded cluster and the user typed no
     * isolation flag (the probe does this; {@code --no-isolation} keeps it off). Without root it says so in one line
     * when the cluster starts, and runs as before.
     *
     * @return the chosen isolation, or empty when the user's flags, {@code --bootstrap} or a {@code cluster up} decide
     */
    Optional<IsolationOptions> chooseIsolation(int defaultBrokers, boolean clusterUpRunning) {
        if (!wouldChooseIsolation(clusterUpRunning)) {
            return Optional.empty();
        }
        IsolationOptions automatic = IsolationOptions.automatic(brokers().orElse(defaultBrokers),
                io.mqprobe.embedded.isolation.BrokerIsolation.machineCpus().size());
        isolationFlags.chooseWhenUnset(automatic);
        return Optional.of(automatic);
    }

    /** True when {@link #chooseIsolation} would choose (the command asks for it, nothing else decides). */
    boolean wouldChooseIsolation(boolean clusterUpRunning) {
        return isolateByDefault && bootstrap().isEmpty() && !clusterUpRunning && isolationFlags.unset();
    }

    /** True when an option sizes or confines the embedded brokers themselves (not only the load generator). */
    public boolean confinesBrokers() {
        return isolationFlags.confinesBrokers();
    }

    /** The target at {@code bootstrapServers} with this driver, client settings and timeout. */
    public Target target(String bootstrapServers) {
        return new Target(driverId, bootstrapServers, clientProperties(), connectTimeout);
    }

    private static Map<String, String> read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new UsageException("cannot read --command-config " + file + ": no such file");
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            properties.load(in);
        } catch (IOException | IllegalArgumentException e) {
            throw new UsageException("cannot read --command-config " + file + ": " + e.getMessage(), e);
        }
        Map<String, String> settings = new TreeMap<>();
        properties.stringPropertyNames().forEach(k -> settings.put(k, properties.getProperty(k).trim()));
        return Map.copyOf(settings);
    }

    /** Parses {@code 500ms}, {@code 10s}, {@code 1m}. */
    static final class ConnectTimeoutConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return TimeSpan.parsePositive("--connect-timeout", value);
        }
    }
}
