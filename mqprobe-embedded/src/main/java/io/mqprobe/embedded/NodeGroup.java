package io.mqprobe.embedded;

import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.isolation.Isolation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The nodes of one embedded cluster and what every such cluster does with them, whatever runs inside:
 * the run dir and its state file, the shutdown hook, detach, stop in order, the isolation they run in,
 * and the fault operations on one node. A {@link NodeGroupCluster} (Kafka, RocketMQ) holds one and adds its
 * own config, start and readiness.
 */
public final class NodeGroup {

    private static final Duration HOOK_STOP_TIMEOUT = Duration.ofSeconds(10);

    private final String clusterId;
    private final Path runDir;
    private final List<ProcessNode> nodes;
    private final Isolation isolation;
    private final boolean keepRunDir;
    private final Supplier<Map<String, String>> settings;
    private volatile boolean detached;
    private boolean stateElsewhere;
    private volatile boolean closed;
    private Thread shutdownHook;

    /**
     * @param settings the cluster's own entries of the state file (heap, timeouts), read whenever it is written
     */
    public NodeGroup(String clusterId, Path runDir, List<ProcessNode> nodes, Isolation isolation, boolean keepRunDir,
                     boolean detached, Supplier<Map<String, String>> settings) {
        this.clusterId = clusterId;
        this.runDir = runDir;
        this.nodes = List.copyOf(nodes);
        this.isolation = isolation;
        this.keepRunDir = keepRunDir;
        this.detached = detached;
        this.settings = settings;
    }

    /**
     * The nodes keep state outside the run dir (MirrorMaker 2: its committed offsets, in the clusters it copies
     * between), so closing stops them gracefully even though the dir goes. Call before {@link #installShutdownHook}.
     */
    public NodeGroup keepingStateElsewhere() {
        stateElsewhere = true;
        return this;
    }

    public String clusterId() {
        return clusterId;
    }

    public Path runDir() {
        return runDir;
    }

    public List<ProcessNode> nodes() {
        return nodes;
    }

    public Isolation isolation() {
        return isolation;
    }

    public boolean detached() {
        return detached;
    }

    /** @throws UsageException naming the valid ids */
    public ProcessNode node(int id) {
        if (id < 1 || id > nodes.size()) {
            throw new UsageException("no broker " + id + " in this cluster (brokers are 1 to " + nodes.size() + ")");
        }
        return nodes.get(id - 1);
    }

    public boolean anyRunning() {
        return nodes.stream().anyMatch(ProcessNode::alive);
    }

    /** Starts a node's JVM in its place (cgroup, network namespace) and records its pid. */
    public void launch(ProcessNode node, JvmSpec spec) {
        node.launch(spec, isolation.placement(node.name()));
        isolation.started(node.name(), node.pid());
        saveState();
    }

    public void kill(int id) {
        node(id).kill();
        saveState();
    }

    public void stop(int id, Duration timeout) {
        node(id).stop(timeout);
        saveState();
    }

    public void pause(int id) {
        node(id).pause();
    }

    public void resume(int id) {
        node(id).resume();
    }

    /** Cuts a node off every other node and every client; needs network isolation. */
    public void partition(int id) {
        isolation.partition(node(id).name());
    }

    public void heal(int id) {
        isolation.heal(node(id).name());
    }

    /** Throttles a node's disk writes to {@code bytesPerSecond}; 0 lifts the throttle. Needs cgroup isolation. */
    public void throttleWrites(int id, long bytesPerSecond) {
        isolation.throttleWrites(node(id).name(), bytesPerSecond);
    }

    public void limitCpu(int id, double cores) {
        isolation.limitCpu(node(id).name(), cores);
    }

    public void shapeLink(int id, long bitsPerSecond) {
        isolation.shapeLink(node(id).name(), bitsPerSecond);
    }

    /** Makes the group's resources outlive this process: nodes ignore the death of their starter. */
    public synchronized void detach() {
        try {
            for (ProcessNode node : nodes) {
                Files.writeString(node.detachedMarker(), "outlives the mqprobe process that started it\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot detach the cluster in " + runDir, e);
        }
        detached = true;
        saveState();
        removeShutdownHook();
    }

    /**
     * Ctrl-C stops the nodes and removes what mqprobe created; {@code stopOrder} groups are stopped one
     * after the other (Kafka: brokers first, the controller last).
     */
    public void installShutdownHook(List<List<ProcessNode>> stopOrder) {
        shutdownHook = new Thread(() -> {
            // no lock: a restart holding it may wait minutes, and Ctrl-C must not
            if (!detached && !closed) {
                closed = true;
                end(stopOrder, HOOK_STOP_TIMEOUT);
                cleanUp();
            }
        }, "mqprobe-embedded-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Ends every node ({@link #end}), removes the isolation and the run dir. */
    public synchronized void close(List<List<ProcessNode>> stopOrder, Duration timeout) {
        if (closed) {
            return;
        }
        closed = true;
        removeShutdownHook();
        end(stopOrder, timeout);
        cleanUp();
    }

    /** After a failed start: nothing may keep running or stay configured, but the logs stay for the user to read. */
    public void abort() {
        removeShutdownHook();
        nodes.forEach(ProcessNode::kill);
        saveState();
        isolation.close();
    }

    public void saveState() {
        if (!Files.isDirectory(runDir)) {
            return;
        }
        Map<String, String> all = new HashMap<>(settings.get());
        all.putAll(isolation.settings());
        new ClusterState(clusterId, detached, ProcessHandle.current().pid(), all,
                nodes.stream().map(ClusterState.Node::of).toList()).write(runDir);
    }

    /**
     * Kill -9 when the run dir goes next and holds all the nodes keep: a graceful stop would keep nothing, and
     * RocketMQ's took 12-16 s a broker here (a master and two slaves 38 s, in order). When the run dir stays, or the
     * nodes keep state elsewhere ({@link #keepingStateElsewhere}), each group of {@code stopOrder} in turn gets SIGTERM,
     * and kill -9 after {@code timeout}, so what they keep is whole.
     */
    private void end(List<List<ProcessNode>> stopOrder, Duration timeout) {
        if (keepRunDir || stateElsewhere) {
            stopInOrder(stopOrder, timeout);
        } else {
            nodes.forEach(ProcessNode::kill);
        }
    }

    private void stopInOrder(List<List<ProcessNode>> stopOrder, Duration timeout) {
        for (List<ProcessNode> group : stopOrder) {
            group.forEach(ProcessNode::requestStop);
            group.forEach(n -> n.finishStop(timeout));
        }
        nodes.forEach(n -> n.stop(timeout));   // any node the order left out
    }

    private void cleanUp() {
        isolation.close();
        if (!keepRunDir) {
            RunDirs.delete(runDir);
        } else {
            saveState();
        }
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
}
