package io.mqprobe.kafka.embedded;

import io.mqprobe.api.FileTrees;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.embedded.EmbeddedClusterException;
import io.mqprobe.embedded.FreePorts;
import io.mqprobe.embedded.JvmSpec;
import io.mqprobe.embedded.NodeGroup;
import io.mqprobe.embedded.NodeGroupCluster;
import io.mqprobe.embedded.ProcessNode;
import io.mqprobe.embedded.RunDirs;
import io.mqprobe.embedded.StartupSettings;
import io.mqprobe.embedded.isolation.BrokerIsolation;
import io.mqprobe.embedded.isolation.CpuPlan;
import io.mqprobe.embedded.isolation.Isolation;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A real Apache Kafka cluster in KRaft mode: 1 to 9 brokers, each in its own child JVM with JMX on,
 * broker 1 also the controller, on the shared process layer ({@link NodeGroup}): on 127.0.0.1, or
 * confined to cgroups and network namespaces. Offers the faults the method needs (kill -9, stop,
 * restart, wipe, pause, partition, slow disk; as data through {@link io.mqprobe.embedded.FaultRunner}) and can
 * outlive this process ({@link #detach()}, {@link #attach(Path)}).
 */
public final class EmbeddedKafkaCluster extends NodeGroupCluster {

    private static final String LOG_CONFIG = "classpath:io/mqprobe/kafka/embedded/broker-log4j2.xml";
    /**
     * G1 treats an object of half a region or more as humongous and collects it expensively. A small heap gets 1 MiB
     * regions, so every produce request near mqprobe's 1 MiB batches was humongous: single-partition steps spent
     * 200-290 ms of each second in GC, at random steps, and the ceiling moved with them. 4 MiB regions put those
     * requests under the line but not a follower's fetch response: a follower behind its leader fetches
     * replica.fetch.max.bytes (1 MiB) of each of the leader's partitions, 2 MiB and a few bytes for two, and with the
     * log cleaner's 128 MiB buffer holding a quarter of a 512 MiB heap above the occupancy threshold, every such
     * response began a concurrent cycle: 1,220 of a broker's 1,242 pauses in one replicated-leader probe (its GC log).
     * A broker that fell behind collected 3-4 times a second, fell further behind and stayed there, reading 55 % of
     * its quota at one offered rate in one step and 97 % in the next (issue 19's bench, series E-I). 8 MiB regions
     * take responses of up to four such partitions (Kafka's documented production settings use 16 MiB regions on a
     * 6 GiB heap; RocketMQ's start script 16 MiB).
     */
    private static final String G1_REGION = "-XX:G1HeapRegionSize=8m";
    private static final String TEMP_PREFIX = "mqprobe-kafka-";
    private static final long FLUSH_INTERVAL_MESSAGES = 1000;
    private static final String SSL_SETTING = "ssl.keystore.password";
    private static final List<String> PORT_TAKEN_SIGNS = List.of("Address already in use", "Port already in use");

    private final long heapBytes;
    private final Duration startTimeout;
    private final SslMaterial ssl;

    private EmbeddedKafkaCluster(NodeGroup group, long heapBytes, Duration startTimeout, long watchedPid, SslMaterial ssl) {
        super(group, watchedPid);
        this.ssl = ssl;
        this.heapBytes = heapBytes;
        this.startTimeout = startTimeout;
    }

    /**
     * Starts the brokers and blocks until every one serves. Notices (isolation off and why) go to stderr.
     *
     * @throws EmbeddedClusterException when a broker exits or is not serving within the start timeout;
     *                                  its logs stay in the run dir
     * @throws io.mqprobe.api.UsageException when the isolation asked for oversubscribes the machine
     */
    public static EmbeddedKafkaCluster start(EmbeddedClusterOptions options) {
        return start(options, ProcessHandle.current().pid(), System.err::println);
    }

    /** Like {@link #start(EmbeddedClusterOptions)}, with one-line notices going to {@code notice}. */
    public static EmbeddedKafkaCluster start(EmbeddedClusterOptions options, Consumer<String> notice) {
        return start(options, ProcessHandle.current().pid(), notice);
    }

    /** Brokers halt when {@code watchedPid} dies (tests use a stand-in). */
    static EmbeddedKafkaCluster start(EmbeddedClusterOptions options, long watchedPid, Consumer<String> notice) {
        CpuPlan plan = BrokerIsolation.plan(options.isolation(), options.brokers());   // refused before anything exists
        Path runDir = RunDirs.prepare(options.runDir(), TEMP_PREFIX);
        long heap = options.isolation().brokerHeapBytes(options.heapBytes());
        Duration startTimeout = startTimeout(options);
        Map<String, String> overrides = overrides(options);
        return launchRetryingPorts(runDir, () -> {
            List<String> names = names(options.brokers());
            Isolation isolation = BrokerIsolation.open(options.isolation(), plan, names, runDir, notice);
            List<ProcessNode> nodes = layout(names, runDir, isolation, options.ssl());
            SslMaterial ssl = options.ssl() ? SslMaterial.generate(runDir, nodes.stream().map(ProcessNode::host).toList()) : null;
            NodeGroup group = new NodeGroup(Uuid.randomUuid().toString(), runDir, nodes, isolation, options.keepRunDir(), false,
                    settings(heap, startTimeout, ssl));
            return new EmbeddedKafkaCluster(group, heap, startTimeout, watchedPid, ssl);
        }, cluster -> cluster.startBrokers(overrides), PORT_TAKEN_SIGNS);
    }

    /** A broker on a fraction of a core starts that much slower: its JVM warms up on the quota. */
    private static Duration startTimeout(EmbeddedClusterOptions options) {
        double cores = options.isolation().brokerSpec() == null ? 1 : options.isolation().brokerSpec().cpuCores();
        return cores >= 1 ? options.startTimeout() : Duration.ofMillis((long) (options.startTimeout().toMillis() / cores));
    }

    /**
     * With a disk throttle, the broker flushes every {@value #FLUSH_INTERVAL_MESSAGES} messages: on cgroup v1
     * the kernel's background writeback of the page cache is charged to no cgroup, so only writes the broker
     * itself forces to disk (fsync) meet the throttle (measured: docs/isolation.md). The user's own flush
     * settings win.
     */
    private static Map<String, String> overrides(EmbeddedClusterOptions options) {
        Map<String, String> all = new java.util.TreeMap<>();
        if (options.isolation().brokerDiskBytesPerSecond() > 0) {
            all.put("log.flush.interval.messages", Long.toString(FLUSH_INTERVAL_MESSAGES));
        }
        all.putAll(options.brokerOverrides());
        return all;
    }

    /**
     * The detached cluster whose state is in {@code stateDir}, possibly with every broker stopped on purpose.
     * A stale state (its brokers died behind mqprobe's back) is deleted with its run dir; the result is then empty.
     */
    public static Optional<EmbeddedKafkaCluster> attach(Path stateDir) {
        Path dir = stateDir.toAbsolutePath();
        return detachedState(dir).map(state -> {
            long heap = Long.parseLong(state.settings().get("heap.bytes"));
            Duration timeout = Duration.ofMillis(Long.parseLong(state.settings().get("start.timeout.ms")));
            String sslPassword = state.settings().get(SSL_SETTING);
            SslMaterial ssl = sslPassword == null ? null : SslMaterial.existing(dir, sslPassword);
            return new EmbeddedKafkaCluster(attachedGroup(dir, state, settings(heap, timeout, ssl)), heap, timeout,
                    ProcessHandle.current().pid(), ssl);
        });
    }

    /**
     * Deletes the run dirs under {@code parentDir} left by clusters whose brokers are all gone (a killed
     * mqprobe cannot delete its own). Returns how many were removed.
     */
    public static int removeStaleRunDirs(Path parentDir) {
        return RunDirs.removeStale(parentDir);
    }

    @Override
    public String system() {
        return "Kafka";
    }

    /** {@code host:p1,host:p2,...} in broker id order, running or not. */
    @Override
    public String bootstrap() {
        return group.nodes().stream().map(n -> n.host() + ":" + n.port(BrokerFiles.PORT)).collect(Collectors.joining(","));
    }

    /** {@code host:p1,...} of the SSL listeners; empty when the cluster has none. */
    @Override
    public Optional<String> sslBootstrap() {
        return ssl == null ? Optional.empty() : Optional.of(group.nodes().stream()
                .map(n -> n.host() + ":" + n.port(BrokerFiles.SSL_PORT)).collect(Collectors.joining(",")));
    }

    /** Client settings for the SSL listener (protocol and a password-less trust store); empty without one. */
    @Override
    public Map<String, String> sslClientSettings() {
        return ssl == null ? Map.of() : ssl.clientSettings();
    }

    /** The client listener port of a broker. */
    @Override
    public int listenerPort(int brokerId) {
        return group.node(brokerId).port(BrokerFiles.PORT);
    }

    /** The last lines of a broker's console and server logs, e.g. to print when a test or run fails. */
    @Override
    public String logTail(int brokerId, int lines) {
        ProcessNode node = group.node(brokerId);
        return node.logTail(lines, BrokerFiles.of(node).serverLog());
    }

    /** The broker's {@code server.properties}: a static setting written there takes effect at the next {@link #restart(int)}. */
    public StartupFile startupFile(int brokerId) {
        return new StartupFile(BrokerFiles.of(group.node(brokerId)).configFile());
    }

    /** Static settings live in each broker's {@code server.properties} ({@link StartupFile}); a restart applies them. */
    @Override
    public Optional<StartupSettings> startupSettings() {
        return Optional.of(new StartupSettings() {
            @Override
            public void check(String key, String value) {
                StartupFile.check(key, value);
            }

            @Override
            public Optional<String> get(int brokerId, String key) {
                return startupFile(brokerId).get(key);
            }

            @Override
            public void set(int brokerId, String key, String value) {
                startupFile(brokerId).set(key, value);
            }
        });
    }

    /** Waits until every running broker is registered, unfenced and answering requests. */
    @Override
    public void awaitReady(Duration timeout) {
        ReadinessProbe.await(group.nodes(), timeout);
    }

    private void startBrokers(Map<String, String> overrides) {
        ProcessNode controller = group.nodes().get(0);
        prepareNodes(node -> BrokerConfig.write(BrokerFiles.of(node).configFile(),
                BrokerConfig.settings(node, controller, group.nodes().size(), overrides, ssl)));
        group.nodes().forEach(this::launch);
        ReadinessProbe.await(group.nodes(), startTimeout);
        group.isolation().serving();
    }

    @Override
    protected JvmSpec jvm(ProcessNode node) {
        return new JvmSpec(BrokerMain.class.getName(), List.of(BrokerFiles.of(node).configFile().toString(), group.clusterId()),
                heapBytes, List.of("-Dkafka.logs.dir=" + node.logDir(), G1_REGION), LOG_CONFIG, watchedPid);
    }

    /** Its data, not the KRaft metadata log: a wiped broker is formatted again at its restart. */
    @Override
    protected Path dataDir(ProcessNode node) {
        return BrokerFiles.of(node).dataDir();
    }

    /**
     * Every partition's data, not the directory's identity ({@code meta.properties}): the controller assigns each
     * replica to a directory id (KIP-858), and a broker that came back with a new one would leave the wiped replicas
     * offline instead of starting them empty and refetching, which is what a lost disk's contents mean here.
     */
    @Override
    protected void deleteData(ProcessNode node) {
        Path data = dataDir(node);
        try (Stream<Path> children = Files.exists(data) ? Files.list(data) : Stream.empty()) {
            children.filter(p -> !p.getFileName().toString().equals(BrokerFiles.DIRECTORY_IDENTITY)).forEach(FileTrees::delete);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot wipe " + data, e);
        }
    }

    @Override
    protected Duration startTimeout() {
        return startTimeout;
    }

    /** Brokers first: their controlled shutdown needs the controller, which goes last. */
    @Override
    protected List<List<ProcessNode>> stopOrder() {
        List<ProcessNode> nodes = group.nodes();
        return List.of(nodes.subList(1, nodes.size()), nodes.subList(0, 1));
    }

    private static Supplier<Map<String, String>> settings(long heapBytes, Duration startTimeout, SslMaterial ssl) {
        return () -> ssl == null
                ? Map.of("heap.bytes", Long.toString(heapBytes), "start.timeout.ms", Long.toString(startTimeout.toMillis()))
                // the state file lives in the private run dir, next to the brokers' configs that hold the same password
                : Map.of("heap.bytes", Long.toString(heapBytes), "start.timeout.ms", Long.toString(startTimeout.toMillis()),
                        SSL_SETTING, ssl.keyStorePassword());
    }

    private static List<String> names(int brokers) {
        List<String> names = new ArrayList<>();
        for (int id = 1; id <= brokers; id++) {
            names.add(Sources.broker(id));
        }
        return names;
    }

    private static List<ProcessNode> layout(List<String> names, Path runDir, Isolation isolation, boolean ssl) {
        int brokers = names.size();
        int[] ports = FreePorts.allocate((ssl ? 3 : 2) * brokers + 1);
        int controllerPort = ports[2 * brokers];
        List<ProcessNode> nodes = new ArrayList<>(brokers);
        for (int id = 1; id <= brokers; id++) {
            String name = names.get(id - 1);
            Map<String, Integer> named = new java.util.HashMap<>(Map.of(BrokerFiles.PORT, ports[2 * (id - 1)]));
            if (id == 1) {
                named.put(BrokerFiles.CONTROLLER_PORT, controllerPort);
            }
            if (ssl) {
                named.put(BrokerFiles.SSL_PORT, ports[2 * brokers + id]);
            }
            nodes.add(new ProcessNode(id, name, runDir.resolve(name), isolation.host(name), ports[2 * (id - 1) + 1], named));
        }
        return nodes;
    }
}
