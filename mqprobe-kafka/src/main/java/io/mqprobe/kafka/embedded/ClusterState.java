package io.mqprobe.kafka.embedded;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * What another mqprobe process needs to find and drive a running embedded cluster: ids, pids and
 * ports of its brokers ({@code ownerPid} is the process that last drove it). Stored as {@code cluster.properties} in the run dir, rewritten atomically
 * whenever a pid changes; readable by people and shell scripts too.
 */
record ClusterState(String clusterId, boolean detached, long ownerPid, long heapBytes, long startTimeoutMs, List<Node> nodes) {

    static final String FILE = "cluster.properties";

    /** One broker; {@code pid} is -1 while it is down, {@code controllerPort} 0 on broker-only nodes. */
    record Node(int id, long pid, int listenerPort, int controllerPort, int jmxPort) {
    }

    ClusterState {
        nodes = List.copyOf(nodes);
    }

    static boolean exists(Path runDir) {
        return Files.isRegularFile(runDir.resolve(FILE));
    }

    /** @throws IllegalArgumentException when the file is unreadable or not a state file */
    static ClusterState read(Path runDir) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(runDir.resolve(FILE))) {
            p.load(in);
            int count = Integer.parseInt(p.getProperty("broker.count"));
            List<Node> nodes = new ArrayList<>(count);
            for (int id = 1; id <= count; id++) {
                String k = "broker." + id + ".";
                nodes.add(new Node(id, Long.parseLong(p.getProperty(k + "pid")),
                        Integer.parseInt(p.getProperty(k + "port")),
                        Integer.parseInt(p.getProperty(k + "controller.port", "0")),
                        Integer.parseInt(p.getProperty(k + "jmx.port"))));
            }
            return new ClusterState(p.getProperty("cluster.id"), Boolean.parseBoolean(p.getProperty("detached")),
                    Long.parseLong(p.getProperty("owner.pid", "-1")), Long.parseLong(p.getProperty("heap.bytes")), Long.parseLong(p.getProperty("start.timeout.ms")), nodes);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("unreadable cluster state " + runDir.resolve(FILE) + ": " + e, e);
        }
    }

    void write(Path runDir) {
        Properties p = new Properties();
        p.setProperty("cluster.id", clusterId);
        p.setProperty("detached", Boolean.toString(detached));
        p.setProperty("owner.pid", Long.toString(ownerPid));
        p.setProperty("heap.bytes", Long.toString(heapBytes));
        p.setProperty("start.timeout.ms", Long.toString(startTimeoutMs));
        p.setProperty("bootstrap", nodes.stream().map(n -> "127.0.0.1:" + n.listenerPort()).collect(Collectors.joining(",")));
        p.setProperty("broker.count", Integer.toString(nodes.size()));
        for (Node n : nodes) {
            String k = "broker." + n.id() + ".";
            p.setProperty(k + "pid", Long.toString(n.pid()));
            p.setProperty(k + "port", Integer.toString(n.listenerPort()));
            p.setProperty(k + "controller.port", Integer.toString(n.controllerPort()));
            p.setProperty(k + "jmx.port", Integer.toString(n.jmxPort()));
        }
        Path tmp = runDir.resolve(FILE + ".tmp");
        try {
            try (Writer out = Files.newBufferedWriter(tmp)) {
                p.store(out, "embedded Kafka cluster started by mqprobe");
            }
            Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + runDir.resolve(FILE), e);
        }
    }

    /** The live process of a broker listed here, guarding against the pid having been reused since. */
    static Optional<ProcessHandle> liveBroker(long pid, Path nodeDir) {
        if (pid <= 0) {
            return Optional.empty();
        }
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(h -> h.info().commandLine().map(cmd -> cmd.contains(BrokerLauncher.nodeTag(nodeDir))).orElse(true));
    }

    /** True when at least one broker listed in the run dir's state still runs. */
    boolean anyAlive(Path runDir) {
        return nodes.stream().anyMatch(n -> liveBroker(n.pid(), nodeDir(runDir, n.id())).isPresent());
    }

    /**
     * True when this cluster is gone for good. A detached cluster whose brokers were all stopped on
     * purpose (recorded pid -1) is merely down; one whose recorded brokers died behind mqprobe's back
     * (reboot, OOM) is stale. A temporary cluster is stale once the process that drove it is gone.
     */
    boolean stale(Path runDir) {
        if (anyAlive(runDir)) {
            return false;
        }
        if (detached) {
            return nodes.stream().anyMatch(n -> n.pid() > 0);
        }
        return ProcessHandle.of(ownerPid).map(h -> !h.isAlive()).orElse(true);
    }

    static Path nodeDir(Path runDir, int brokerId) {
        return runDir.resolve("broker-" + brokerId);
    }
}
