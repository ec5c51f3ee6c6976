package io.mqprobe.run.target;

import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.Target;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.LinkRate;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.embedded.EmbeddedSpec;
import io.mqprobe.embedded.EmbeddedSystems;
import io.mqprobe.embedded.RunDirs;
import io.mqprobe.embedded.isolation.BrokerIsolation;
import io.mqprobe.embedded.isolation.ClientCgroup;
import io.mqprobe.embedded.isolation.IsolationOptions;
import io.mqprobe.embedded.isolation.LoadHosts;
import io.mqprobe.embedded.isolation.NetShape;
import io.mqprobe.ceilings.link.LinkTarget;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The cluster one command works on, connected: the one named by {@code --bootstrap}, else the one of
 * {@code mqprobe cluster up}, else a temporary embedded cluster that this session starts and stops.
 */
public final class ClusterSession implements AutoCloseable {

    private static final DateTimeFormatter RUN_DIR_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    private final Driver driver;
    private final Target target;
    private final EmbeddedCluster cluster;
    private final boolean ownsCluster;
    private ClientCgroup client;
    private List<LinkRate> measuredLinks = List.of();
    private boolean closed;

    private ClusterSession(Driver driver, Target target, EmbeddedCluster cluster, boolean ownsCluster) {
        this.driver = driver;
        this.target = target;
        this.cluster = cluster;
        this.ownsCluster = ownsCluster;
    }

    /**
     * Connects to the cluster the plan names, or to a local one (see the class comment).
     *
     * @param defaultEmbeddedBrokers brokers of a temporary cluster when {@code --brokers} is absent
     * @param progress               where the one line about starting an embedded cluster goes (stderr)
     * @throws UsageException                           for contradicting options
     * @throws io.mqprobe.api.TargetUnreachableException when {@code --bootstrap} does not answer in time
     */
    public static ClusterSession open(TargetPlan plan, int defaultEmbeddedBrokers, PrintWriter progress) {
        return open(plan, defaultEmbeddedBrokers, progress, false);
    }

    /**
     * @param localWorkers the run starts load workers on this machine: as root, a temporary cluster's brokers then get
     *                     a network of their own (unshaped unless {@code --broker-net} says otherwise), so that each
     *                     worker can be a host of its own on it; brokers on this host's loopback cannot be reached
     *                     from another namespace
     */
    public static ClusterSession open(TargetPlan plan, int defaultEmbeddedBrokers, PrintWriter progress, boolean localWorkers) {
        List<Security> security = plan.security();
        Map<String, String> brokerOverrides = plan.brokerOverrides();
        Optional<String> bootstrap = plan.bootstrap();
        IsolationOptions isolation = plan.isolation();
        if (bootstrap.isPresent()) {
            if (plan.brokers().isPresent()) {
                throw new UsageException("--brokers sizes an embedded cluster; it cannot be combined with --bootstrap");
            }
            if (isolation.requested()) {
                throw new UsageException("--broker-spec, --broker-net, --broker-disk and --client-cores confine an embedded "
                        + "cluster; they cannot be combined with --bootstrap");
            }
            if (!brokerOverrides.isEmpty()) {
                throw new UsageException("--broker-config sets up an embedded cluster; it cannot be combined with --bootstrap");
            }
            if (security.size() > 1) {
                throw new UsageException("--security " + plan.securityText() + " compares the two listeners of an embedded cluster; "
                        + "against --bootstrap run once per --command-config instead");
            }
            Target target = plan.target(bootstrap.get());
            if (security.get(0) == Security.SSL && !target.clientProperties().containsKey("security.protocol")) {
                Map<String, String> props = new TreeMap<>(target.clientProperties());
                props.put("security.protocol", "SSL");
                target = new Target(target.driverId(), target.bootstrap(), props, target.connectTimeout());
            }
            return new ClusterSession(Drivers.connect(target), target, null, false);
        }
        Optional<EmbeddedCluster> up = EmbeddedClusters.attach(plan.driverId());
        // isolation by default only for the systems that take it (Kafka's brokers; RocketMQ's run without it)
        boolean isolatedByDefault = EmbeddedSystems.of(plan.driverId()).isolatedByDefault();
        Optional<String> unavailable = IsolationOptions.unavailableReason();
        Optional<IsolationOptions> chosen = !isolatedByDefault || unavailable.isPresent() ? Optional.empty()
                : plan.chooseIsolation(defaultEmbeddedBrokers, up.isPresent());
        if (isolatedByDefault && unavailable.isPresent() && plan.wouldChooseIsolation(up.isPresent())) {
            progress.println("isolation off: " + unavailable.get() + "; brokers and load generator share the machine");
            progress.flush();
        }
        if (chosen.isPresent()) {
            isolation = chosen.get();
            progress.println("isolation on by default (--no-isolation to turn it off): brokers " + isolation.brokerSpec()
                    + " each, load generator " + isolation.clientCores() + " cores, chosen for "
                    + BrokerIsolation.machineCpus().size() + " cores" + (plan.isolationUnset() ? "" : " around --client-cores"));
            progress.flush();
        }
        if (localWorkers && up.isEmpty() && isolatedByDefault && unavailable.isEmpty() && isolation.brokerNet() == null) {
            isolation = isolation.withBrokerNet(NetShape.UNSHAPED);
            progress.println("local load workers: each broker and each worker in a network namespace of its own, hosts of"
                    + " their own on the wire (links unshaped; --broker-net RATE shapes them)");
            progress.flush();
        }
        ClusterSession session = up.isPresent()
                ? useClusterUp(up.get(), plan, progress)
                : startTemporary(plan, isolation, plan.brokers().orElse(defaultEmbeddedBrokers), progress);
        try {
            // a temporary cluster asked for broker isolation has already said in one line when it is off
            session.confineClient(isolation, up.isEmpty() && (plan.confinesBrokers() || chosen.isPresent()), progress);
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
        return session;
    }

    /** The load generator in its own cgroup, next to the cluster's brokers; one line says how everything is confined. */
    private void confineClient(IsolationOptions isolation, boolean offAlreadyTold, PrintWriter progress) {
        if (cluster == null) {
            return;
        }
        List<LocalBrokerProcess> brokers = cluster.brokers();
        client = ClientCgroup.confine(isolation, brokers.size(), brokers.get(0).spec(), line -> {
            if (!offAlreadyTold) {
                progress.println(line);
                progress.flush();
            }
        }).orElse(null);
        if (client != null) {
            progress.println("isolation: " + isolationSummary());
            progress.flush();
        }
    }

    private static ClusterSession useClusterUp(EmbeddedCluster up, TargetPlan plan, PrintWriter progress) {
        int size = up.brokers().size();
        if (!plan.brokerOverrides().isEmpty()) {
            throw new UsageException("the cluster of 'mqprobe cluster up' keeps the settings it was started with; "
                    + "drop --broker-config or run 'mqprobe cluster down' first");
        }
        if (plan.wantsSsl() && up.sslBootstrap().isEmpty()) {
            throw new UsageException("the cluster of 'mqprobe cluster up' has no SSL listener; start it with "
                    + "'mqprobe cluster up --security ssl' or drop --security");
        }
        if (!up.anyRunning()) {
            throw new UsageException("every broker of the cluster of 'mqprobe cluster up' is stopped; start one with "
                    + "'mqprobe cluster restart --broker N' or remove the cluster with 'mqprobe cluster down'");
        }
        if (plan.confinesBrokers()) {
            throw new UsageException("the cluster of 'mqprobe cluster up' keeps the isolation it was started with; "
                    + "give --broker-spec, --broker-net or --broker-disk to 'mqprobe cluster up' instead");
        }
        if (plan.brokers().isPresent() && plan.brokers().getAsInt() != size) {
            throw new UsageException("the cluster of 'mqprobe cluster up' has " + size + " brokers, not "
                    + plan.brokers().getAsInt() + "; drop --brokers or run 'mqprobe cluster down' first");
        }
        progress.println("using the embedded " + up.system() + " of 'mqprobe cluster up' (" + brokers(size) + ", " + up.bootstrap() + ")");
        progress.flush();
        Target target = embeddedTarget(plan, up);
        return new ClusterSession(Drivers.connect(target), target, up, false);
    }

    private static ClusterSession startTemporary(TargetPlan plan, IsolationOptions isolation, int brokerCount,
                                                 PrintWriter progress) {
        BrokerIsolation.plan(isolation, brokerCount);   // oversubscription is refused before anything starts
        Path runs = MqprobeHome.embeddedRunsDir();
        RunDirs.removeStale(runs);
        Path runDir = runs.resolve(LocalDateTime.now().format(RUN_DIR_TIME) + "-" + ProcessHandle.current().pid());
        EmbeddedSpec spec = EmbeddedSpec.of(brokerCount, runDir, isolation).withSsl(plan.wantsSsl())
                .withBrokerOverrides(plan.brokerOverrides());
        EmbeddedCluster cluster = EmbeddedClusters.startAnnounced(plan.driverId(), spec, progress);
        try {
            Target target = embeddedTarget(plan, cluster);
            return new ClusterSession(Drivers.connect(target), target, cluster, true);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /**
     * The plaintext listener, unless SSL is the only mode asked for: then the SSL listener with the cluster's
     * trust store, under the user's own {@code --command-config}.
     */
    private static Target embeddedTarget(TargetPlan plan, EmbeddedCluster cluster) {
        List<Security> modes = plan.security();
        if (!(modes.size() == 1 && modes.get(0) == Security.SSL) || cluster.sslBootstrap().isEmpty()) {
            return plan.target(cluster.bootstrap());
        }
        Map<String, String> props = new TreeMap<>(cluster.sslClientSettings());
        props.putAll(plan.clientProperties());
        return new Target(plan.driverId(), cluster.sslBootstrap().get(), props, plan.connectTimeout());
    }

    /**
     * Producer and consumer settings that move a client of this session onto the embedded cluster's SSL
     * listener (bootstrap included), for a plaintext vs SSL comparison in one run; empty without an SSL listener.
     */
    public Map<String, String> sslClientOverrides() {
        if (cluster == null || cluster.sslBootstrap().isEmpty()) {
            return Map.of();
        }
        Map<String, String> props = new TreeMap<>(cluster.sslClientSettings());
        props.put("bootstrap.servers", cluster.sslBootstrap().get());
        return props;
    }

    public Driver driver() {
        return driver;
    }

    public Target target() {
        return target;
    }

    /** True for a local cluster mqprobe started (this session or {@code cluster up}): destructive actions are allowed. */
    public boolean embedded() {
        return cluster != null;
    }

    /** True when this session started the cluster and stops it at the end (what it changed dies with it). */
    public boolean temporary() {
        return ownsCluster;
    }

    public Optional<EmbeddedCluster> embeddedCluster() {
        return Optional.ofNullable(cluster);
    }

    /** The local broker processes with their current pids; empty for a remote cluster. */
    public List<LocalBrokerProcess> localBrokers() {
        return cluster == null ? List.of() : cluster.brokers();
    }

    /**
     * Where each embedded broker has a network namespace of its own: the address it is reached at from here and a
     * process inside it, for the link probe; empty for brokers that share this host's network.
     */
    public List<LinkTarget> brokerLinks() {
        return localBrokers().stream().filter(b -> b.running() && !b.host().startsWith("127."))
                .map(b -> new LinkTarget(Sources.broker(b.brokerId()), b.pid(), b.host())).toList();
    }

    /** Namespaces for local load workers on the embedded brokers' network, when they have one ({@code --broker-net}). */
    public Optional<LoadHosts> loadHosts() {
        return cluster == null ? Optional.empty() : cluster.loadHosts();
    }

    /** The rate mqprobe set on each broker's own link, bytes per second; empty when it set none. */
    public OptionalDouble configuredLinkBytesPerSecond() {
        return cluster == null ? OptionalDouble.empty()
                : cluster.linkBitsPerSecond().stream().mapToDouble(bits -> bits / 8.0).findFirst();
    }

    /** The brokers' links as the link probe measured them; the monitors judge each broker's NIC against them. */
    public List<LinkRate> measuredLinks() {
        return measuredLinks;
    }

    public void measuredLinks(List<LinkRate> links) {
        this.measuredLinks = List.copyOf(links);
    }

    /**
     * True when brokers and load generator share this host's cores unconfined: an embedded cluster without isolation, or
     * brokers mqprobe did not start on this host's loopback. Then the host's CPU is a limit of the cluster as measured;
     * with isolation (or a remote cluster) it is not. Plain Kafka brokers on loopback, judged as if isolated, had their
     * full host read as cores "beyond the processes' quotas" they never had.
     */
    public boolean hostShared() {
        return client == null && (cluster != null || target.onLoopback());
    }

    /**
     * How brokers and load generator are confined, in one line ("isolation off" without), with
     * "oversubscribed" when the specs add up to more than the machine.
     */
    public String isolationSummary() {
        String brokers = cluster == null ? "isolation off" : cluster.isolation();
        return client == null ? brokers : brokers + "; " + client.describe();
    }

    /** Closes the driver; stops the cluster only when this session started it. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            driver.close();
        } finally {
            try {
                if (ownsCluster) {
                    cluster.close();
                }
            } finally {
                if (client != null) {
                    client.close();
                }
            }
        }
    }

    private static String brokers(int n) {
        return HumanUnits.counted(n, "broker");
    }
}
