package io.mqprobe.embedded;

import io.mqprobe.api.FileTrees;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.embedded.isolation.BrokerIsolation;
import io.mqprobe.embedded.isolation.LoadHosts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * An {@link EmbeddedCluster} whose nodes are a {@link NodeGroup}: the faults, detach, close, start with retries
 * and attach are the same whatever runs inside. A Kafka or RocketMQ cluster adds only what is its own: each
 * node's JVM and config, where its data lives, the order nodes stop in, and when the cluster serves.
 */
public abstract class NodeGroupCluster implements EmbeddedCluster {

    /** How long a node may take to stop on SIGTERM (a broker's controlled shutdown) before kill -9. */
    protected static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final int PORT_ATTEMPTS = 3;

    protected final NodeGroup group;
    /** The process whose death halts every node (this one, or a test's stand-in), unless detached. */
    protected final long watchedPid;

    protected NodeGroupCluster(NodeGroup group, long watchedPid) {
        this.group = group;
        this.watchedPid = watchedPid;
    }

    /** The node's JVM: main class, arguments, heap; the launcher adds orphan-proofing and placement. */
    protected abstract JvmSpec jvm(ProcessNode node);

    /** The node's data, which {@link #wipe(int)} deletes and {@link #brokers()} reports. */
    protected abstract Path dataDir(ProcessNode node);

    /** Groups of nodes stopped one group after the other, on close and on Ctrl-C. */
    protected abstract List<List<ProcessNode>> stopOrder();

    /** How long a start or restart may wait for the nodes to serve. */
    protected abstract Duration startTimeout();

    /** Waits until every running node serves. */
    public abstract void awaitReady(Duration timeout);

    /** The nodes that are brokers (all by default), in the ids the driver reports. */
    protected List<ProcessNode> brokerNodes() {
        return group.nodes();
    }

    /**
     * Launches a cluster built afresh by {@code attempt}, up to {@value #PORT_ATTEMPTS} times: another process
     * may take a free port between its choice and the node binding it. A failed attempt leaves nothing
     * running; any other failure propagates with the logs left in the run dir.
     *
     * @param portTakenSigns text in the failure or its log tail that says a port was taken
     */
    protected static <C extends NodeGroupCluster> C launchRetryingPorts(Path runDir, Supplier<C> attempt, Consumer<C> launch,
                                                                       List<String> portTakenSigns) {
        EmbeddedClusterException failure = null;
        for (int i = 1; i <= PORT_ATTEMPTS; i++) {
            C cluster = attempt.get();
            try {
                launch.accept(cluster);
                return cluster;
            } catch (RuntimeException e) {
                cluster.group.abort();
                if (!(e instanceof EmbeddedClusterException ece) || !portTaken(ece, portTakenSigns)) {
                    throw e;
                }
                failure = ece;
                RunDirs.clear(runDir);
            }
        }
        throw failure;
    }

    /**
     * The state of the detached cluster in {@code runDir}, possibly with every node stopped on purpose. Empty when
     * there is none, when it is a temporary cluster of another mqprobe run (not ours to drive), or when it is
     * stale (its nodes died behind mqprobe's back): its isolation and run dir are then removed.
     */
    protected static Optional<ClusterState> detachedState(Path runDir) {
        if (!ClusterState.exists(runDir)) {
            return Optional.empty();
        }
        ClusterState state;
        try {
            state = ClusterState.read(runDir);
        } catch (IllegalArgumentException corrupt) {
            RunDirs.delete(runDir);
            return Optional.empty();
        }
        if (state.stale(runDir)) {
            BrokerIsolation.attach(state.settings(), null).close();
            RunDirs.delete(runDir);
            return Optional.empty();
        }
        return state.detached() ? Optional.of(state) : Optional.empty();
    }

    /** The group {@code state} describes, its live nodes adopted, in the isolation it was started with. */
    protected static NodeGroup attachedGroup(Path runDir, ClusterState state, Supplier<Map<String, String>> settings) {
        List<ProcessNode> nodes = new ArrayList<>();
        for (ClusterState.Node n : state.nodes()) {
            ProcessNode node = n.toNode(runDir);
            ClusterState.liveProcess(n.pid(), node.dir()).ifPresent(node::adopt);
            nodes.add(node);
        }
        return new NodeGroup(state.clusterId(), runDir, nodes, BrokerIsolation.attach(state.settings(), runDir), false, true, settings);
    }

    /** Creates every node's dir and writes its config, then arms the Ctrl-C hook before any node starts. */
    protected final void prepareNodes(Consumer<ProcessNode> writeConfig) {
        for (ProcessNode node : group.nodes()) {
            try {
                Files.createDirectories(node.dir());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create " + node.dir(), e);
            }
            writeConfig.accept(node);
        }
        group.installShutdownHook(stopOrder());
    }

    /** Starts the node's JVM in its place; does not wait for it to serve. */
    protected final void launch(ProcessNode node) {
        group.launch(node, jvm(node));
    }

    /** Every broker, with pid -1 for those that are down, its address and the size it is confined to. */
    @Override
    public List<LocalBrokerProcess> brokers() {
        return brokerNodes().stream().map(n -> new LocalBrokerProcess(n.id(), n.pid(), n.jmxPort(), dataDir(n), n.host(),
                group.isolation().spec().orElse(null))).toList();
    }

    @Override
    public List<Integer> nodeIds() {
        return group.nodes().stream().map(ProcessNode::id).toList();
    }

    @Override
    public Path runDir() {
        return group.runDir();
    }

    @Override
    public String isolation() {
        return group.isolation().describe();
    }

    @Override
    public OptionalLong linkBitsPerSecond() {
        return group.isolation().linkBitsPerSecond();
    }

    @Override
    public Optional<LoadHosts> loadHosts() {
        return group.isolation().loadHosts();
    }

    @Override
    public boolean anyRunning() {
        return group.anyRunning();
    }

    /** True once {@link #detach()} ran, or for a cluster found by attaching. */
    @Override
    public boolean detached() {
        return group.detached();
    }

    /** kill -9, then waits for the process to be gone. */
    @Override
    public synchronized void kill(int nodeId) {
        group.kill(nodeId);
    }

    /** SIGTERM (a broker's controlled shutdown), waits up to 30 s, then kill -9. */
    @Override
    public synchronized void stop(int nodeId) {
        group.stop(nodeId, STOP_TIMEOUT);
    }

    /** Starts the node again with the same id, ports and data (stopping it first if it runs); waits until it serves. */
    @Override
    public synchronized void restart(int nodeId) {
        ProcessNode node = group.node(nodeId);
        node.stop(STOP_TIMEOUT);
        launch(node);
        awaitReady(startTimeout());
    }

    /** Stops the node, deletes its {@link #dataDir data} and starts it again empty. */
    @Override
    public synchronized void wipe(int nodeId) {
        ProcessNode node = group.node(nodeId);
        node.stop(STOP_TIMEOUT);
        deleteData(node);
        restart(nodeId);
    }

    /** What a wipe deletes: the whole {@link #dataDir}, unless a system must keep something of it. */
    protected void deleteData(ProcessNode node) {
        FileTrees.delete(dataDir(node));
    }

    /** SIGSTOP: the node freezes with its connections open. */
    @Override
    public void pause(int nodeId) {
        group.pause(nodeId);
    }

    /** SIGCONT after {@link #pause(int)}. */
    @Override
    public void resume(int nodeId) {
        group.resume(nodeId);
    }

    /** Cuts the node off the other nodes and the clients; needs {@code --broker-net}. */
    @Override
    public void partition(int nodeId) {
        group.partition(nodeId);
    }

    @Override
    public void heal(int nodeId) {
        group.heal(nodeId);
    }

    /** Throttles the node's disk writes; 0 restores the cluster's own throttle. Needs cgroups (root). */
    @Override
    public void throttleWrites(int nodeId, long bytesPerSecond) {
        group.throttleWrites(nodeId, bytesPerSecond);
    }

    /** Sets the node's CPU quota (cores); needs {@code --broker-spec}. For limits injected on purpose. */
    public void limitCpu(int nodeId, double cores) {
        group.limitCpu(nodeId, cores);
    }

    /** Sets the rate of the node's link both ways; needs {@code --broker-net}. For limits injected on purpose. */
    public void shapeLink(int nodeId, long bitsPerSecond) {
        group.shapeLink(nodeId, bitsPerSecond);
    }

    /**
     * Lets the nodes outlive this process: writes the state file for attaching and tells each node to ignore
     * the death of its starter. Stopping them is then up to whoever attaches.
     */
    @Override
    public synchronized void detach() {
        group.detach();
    }

    /**
     * Ends every node, removes their isolation and the run dir: kill -9, since the data goes with the dir; when asked
     * to keep the dir, SIGTERM in {@link #stopOrder()} and kill -9 after a timeout.
     */
    @Override
    public synchronized void close() {
        group.close(stopOrder(), STOP_TIMEOUT);
    }

    private static boolean portTaken(EmbeddedClusterException e, List<String> signs) {
        String text = e.getMessage() + "\n" + e.logTail();
        return signs.stream().anyMatch(text::contains);
    }
}
