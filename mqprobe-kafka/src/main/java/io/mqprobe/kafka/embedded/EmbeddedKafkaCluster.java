package io.mqprobe.kafka.embedded;

import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.UsageException;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A real Apache Kafka cluster in KRaft mode: 1 to 9 brokers, each in its own child JVM on
 * 127.0.0.1 with JMX on, broker 1 also the controller. Offers the faults the method needs
 * (kill -9, stop, restart, wipe) and can outlive this process ({@link #detach()}, {@link #attach(Path)}).
 */
public final class EmbeddedKafkaCluster implements AutoCloseable {

    private static final int PORT_ATTEMPTS = 3;
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration HOOK_STOP_TIMEOUT = Duration.ofSeconds(10);

    private final String clusterId;
    private final Path runDir;
    private final long heapBytes;
    private final Duration startTimeout;
    private final boolean keepRunDir;
    private final List<BrokerNode> nodes;
    private final long watchedPid;
    private volatile boolean detached;
    private volatile boolean closed;
    private Thread shutdownHook;

    private EmbeddedKafkaCluster(String clusterId, Path runDir, long heapBytes, Duration startTimeout, boolean keepRunDir,
                                 List<BrokerNode> nodes, long watchedPid, boolean detached) {
        this.clusterId = clusterId;
        this.runDir = runDir;
        this.heapBytes = heapBytes;
        this.startTimeout = startTimeout;
        this.keepRunDir = keepRunDir;
        this.nodes = List.copyOf(nodes);
        this.watchedPid = watchedPid;
        this.detached = detached;
    }

    /**
     * Starts the brokers and blocks until every one serves.
     *
     * @throws EmbeddedClusterException when a broker exits or is not serving within the start timeout;
     *                                  its logs stay in the run dir
     */
    public static EmbeddedKafkaCluster start(EmbeddedClusterOptions options) {
        return start(options, ProcessHandle.current().pid());
    }

    /** Like {@link #start(EmbeddedClusterOptions)}, but brokers halt when {@code watchedPid} dies (tests use a stand-in). */
    static EmbeddedKafkaCluster start(EmbeddedClusterOptions options, long watchedPid) {
        Path runDir = RunDirs.prepare(options.runDir());
        EmbeddedClusterException failure = null;
        for (int attempt = 1; attempt <= PORT_ATTEMPTS; attempt++) {
            EmbeddedKafkaCluster cluster = new EmbeddedKafkaCluster(Uuid.randomUuid().toString(), runDir,
                    options.heapBytes(), options.startTimeout(), options.keepRunDir(), layout(options.brokers(), runDir),
                    watchedPid, false);
            try {
                cluster.launch(options);
                return cluster;
            } catch (RuntimeException e) {
                cluster.abort();
                if (!(e instanceof EmbeddedClusterException ece) || !portTaken(ece)) {
                    throw e;
                }
                failure = ece;
                RunDirs.clear(runDir);
            }
        }
        throw failure;
    }

    /**
     * The detached cluster whose state is in {@code stateDir}, possibly with every broker stopped on purpose.
     * A stale state (its brokers died behind mqprobe's back) is deleted with its run dir; the result is then empty.
     */
    public static Optional<EmbeddedKafkaCluster> attach(Path stateDir) {
        Path dir = stateDir.toAbsolutePath();
        if (!ClusterState.exists(dir)) {
            return Optional.empty();
        }
        ClusterState state;
        try {
            state = ClusterState.read(dir);
        } catch (IllegalArgumentException corrupt) {
            RunDirs.delete(dir);
            return Optional.empty();
        }
        if (state.stale(dir)) {
            RunDirs.delete(dir);
            return Optional.empty();
        }
        if (!state.detached()) {
            return Optional.empty();   // a temporary cluster of another mqprobe run: not ours to drive
        }
        List<BrokerNode> nodes = new ArrayList<>();
        for (ClusterState.Node n : state.nodes()) {
            BrokerNode node = new BrokerNode(n.id(), n.listenerPort(), n.controllerPort(), n.jmxPort(), ClusterState.nodeDir(dir, n.id()));
            ClusterState.liveBroker(n.pid(), node.dir()).ifPresent(node::adopt);
            nodes.add(node);
        }
        return Optional.of(new EmbeddedKafkaCluster(state.clusterId(), dir, state.heapBytes(),
                Duration.ofMillis(state.startTimeoutMs()), false, nodes, ProcessHandle.current().pid(), true));
    }

    /**
     * Deletes the run dirs under {@code parentDir} left by clusters whose brokers are all gone (a killed
     * mqprobe cannot delete its own). Returns how many were removed.
     */
    public static int removeStaleRunDirs(Path parentDir) {
        if (!Files.isDirectory(parentDir)) {
            return 0;
        }
        try (Stream<Path> dirs = Files.list(parentDir)) {
            List<Path> stale = dirs.filter(Files::isDirectory).filter(RunDirs::stale).toList();
            stale.forEach(RunDirs::delete);
            return stale.size();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + parentDir, e);
        }
    }

    /** {@code 127.0.0.1:p1,127.0.0.1:p2,...} in broker id order, running or not. */
    public String bootstrap() {
        return nodes.stream().map(n -> "127.0.0.1:" + n.listenerPort()).collect(Collectors.joining(","));
    }

    /** Every broker, with pid -1 for those that are down. */
    public List<LocalBrokerProcess> brokers() {
        return nodes.stream().map(BrokerNode::describe).toList();
    }

    /** The client listener port of a broker. */
    public int listenerPort(int brokerId) {
        return node(brokerId).listenerPort();
    }

    public Path runDir() {
        return runDir;
    }

    /** The last lines of a broker's console and server logs, e.g. to print when a test or run fails. */
    public String logTail(int brokerId, int lines) {
        return node(brokerId).logTail(lines);
    }

    /** True when at least one broker runs. */
    public boolean anyRunning() {
        return nodes.stream().anyMatch(BrokerNode::alive);
    }

    /** True once {@link #detach()} ran, or for a cluster found with {@link #attach(Path)}. */
    public boolean detached() {
        return detached;
    }

    /** kill -9, then waits for the process to be gone. */
    public synchronized void kill(int brokerId) {
        node(brokerId).kill();
        saveState();
    }

    /** SIGTERM (controlled shutdown), waits up to 30 s, then kill -9. */
    public synchronized void stop(int brokerId) {
        node(brokerId).stop(STOP_TIMEOUT);
        saveState();
    }

    /** Starts the broker again with the same id, ports and data (stopping it first if it runs); waits until it serves. */
    public synchronized void restart(int brokerId) {
        BrokerNode node = node(brokerId);
        node.stop(STOP_TIMEOUT);
        node.launch(clusterId, heapBytes, watchedPid);
        saveState();
        ReadinessProbe.await(nodes, startTimeout);
    }

    /** Stops the broker, deletes its data (not the KRaft metadata log), formats it again and restarts it. */
    public synchronized void wipe(int brokerId) {
        BrokerNode node = node(brokerId);
        node.stop(STOP_TIMEOUT);
        RunDirs.deleteTree(node.dataDir());
        restart(brokerId);
    }

    /** Waits until every running broker is registered, unfenced and answering requests. */
    public void awaitReady(Duration timeout) {
        ReadinessProbe.await(nodes, timeout);
    }

    /**
     * Lets the brokers outlive this process: writes the state file for {@link #attach(Path)} and tells
     * each broker to ignore the death of its starter. Stopping it is then up to whoever attaches.
     */
    public synchronized void detach() {
        try {
            for (BrokerNode node : nodes) {
                Files.writeString(node.detachedMarker(), "outlives the mqprobe process that started it\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot detach the cluster in " + runDir, e);
        }
        detached = true;
        saveState();
        removeShutdownHook();
    }

    /** Stops every broker (SIGTERM, kill -9 after a timeout) and deletes the run dir unless asked to keep it. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        removeShutdownHook();
        stopAll(STOP_TIMEOUT);
        if (!keepRunDir) {
            RunDirs.delete(runDir);
        } else {
            saveState();
        }
    }

    private void launch(EmbeddedClusterOptions options) {
        int controllerPort = nodes.get(0).controllerPort();
        for (BrokerNode node : nodes) {
            try {
                Files.createDirectories(node.dir());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create " + node.dir(), e);
            }
            BrokerConfig.write(node.configFile(), BrokerConfig.settings(node, nodes.size(), controllerPort, options.brokerOverrides()));
        }
        installShutdownHook();
        for (BrokerNode node : nodes) {
            node.launch(clusterId, heapBytes, watchedPid);
        }
        saveState();
        ReadinessProbe.await(nodes, startTimeout);
    }

    /** After a failed start: nothing may keep running, but the logs stay for the user to read. */
    private void abort() {
        removeShutdownHook();
        nodes.forEach(BrokerNode::kill);
        saveState();
    }

    private void stopAll(Duration timeout) {
        // brokers first: their controlled shutdown needs the controller, which goes last
        List<BrokerNode> brokersOnly = nodes.stream().filter(n -> !n.controller()).toList();
        List<BrokerNode> controllers = nodes.stream().filter(BrokerNode::controller).toList();
        for (List<BrokerNode> group : List.of(brokersOnly, controllers)) {
            group.forEach(BrokerNode::requestStop);
            group.forEach(n -> n.finishStop(timeout));
        }
    }

    private void installShutdownHook() {
        shutdownHook = new Thread(() -> {
            // no lock: a restart holding it may wait minutes, and Ctrl-C must not
            if (!detached && !closed) {
                closed = true;
                stopAll(HOOK_STOP_TIMEOUT);
                if (!keepRunDir) {
                    RunDirs.delete(runDir);
                }
            }
        }, "mqprobe-embedded-kafka-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    private void removeShutdownHook() {
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or about to: nothing to remove
            }
            shutdownHook = null;
        }
    }

    private void saveState() {
        if (!Files.isDirectory(runDir)) {
            return;
        }
        List<ClusterState.Node> states = nodes.stream()
                .map(n -> new ClusterState.Node(n.id(), n.pid(), n.listenerPort(), n.controllerPort(), n.jmxPort()))
                .toList();
        new ClusterState(clusterId, detached, ProcessHandle.current().pid(), heapBytes, startTimeout.toMillis(), states).write(runDir);
    }

    private BrokerNode node(int brokerId) {
        if (brokerId < 1 || brokerId > nodes.size()) {
            throw new UsageException("no broker " + brokerId + " in this cluster (brokers are 1 to " + nodes.size() + ")");
        }
        return nodes.get(brokerId - 1);
    }

    private static List<BrokerNode> layout(int brokers, Path runDir) {
        int[] ports = FreePorts.allocate(2 * brokers + 1);
        int controllerPort = ports[2 * brokers];
        List<BrokerNode> nodes = new ArrayList<>(brokers);
        for (int id = 1; id <= brokers; id++) {
            nodes.add(new BrokerNode(id, ports[2 * (id - 1)], id == 1 ? controllerPort : 0, ports[2 * (id - 1) + 1],
                    ClusterState.nodeDir(runDir, id)));
        }
        return nodes;
    }

    private static boolean portTaken(EmbeddedClusterException e) {
        String text = e.getMessage() + "\n" + e.logTail();
        return text.contains("Address already in use") || text.contains("Port already in use");
    }
}
