package io.mqprobe.embedded;

import io.mqprobe.api.monitor.Sources;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What another mqprobe process needs to find and drive a running embedded cluster: its nodes' pids and
 * ports, whether it is detached, which process last drove it ({@code ownerPid}), and the cluster's own
 * settings (heap, isolation, ...). Stored as {@code cluster.properties} in the run dir, rewritten
 * atomically whenever a pid changes; readable by people and shell scripts too.
 */
public record ClusterState(String clusterId, boolean detached, long ownerPid, Map<String, String> settings, List<Node> nodes) {

    public static final String FILE = "cluster.properties";

    /** One node; {@code pid} is -1 while it is down; {@code name} is also its directory under the run dir. */
    public record Node(int id, String name, long pid, String host, int jmxPort, Map<String, Integer> ports) {
        public Node {
            ports = Map.copyOf(ports);
        }

        /** The state of a node as it is now. */
        public static Node of(ProcessNode n) {
            return new Node(n.id(), n.name(), n.pid(), n.host(), n.jmxPort(), n.ports());
        }

        /** The node described here, without a process (adopt one with {@link ClusterState#liveProcess}). */
        public ProcessNode toNode(Path runDir) {
            return new ProcessNode(id, name, runDir.resolve(name), host, jmxPort, ports);
        }
    }

    public ClusterState {
        settings = Map.copyOf(settings);
        nodes = List.copyOf(nodes);
    }

    public static boolean exists(Path runDir) {
        return Files.isRegularFile(runDir.resolve(FILE));
    }

    /** @throws IllegalArgumentException when the file is unreadable or not a state file */
    public static ClusterState read(Path runDir) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(runDir.resolve(FILE))) {
            p.load(in);
            if (p.getProperty("node.count") == null) {
                return readLegacy(p);
            }
            int count = Integer.parseInt(p.getProperty("node.count"));
            List<Node> nodes = new ArrayList<>(count);
            Map<String, String> settings = new TreeMap<>();
            for (int id = 1; id <= count; id++) {
                String k = "node." + id + ".";
                Map<String, Integer> ports = new TreeMap<>();
                for (String key : p.stringPropertyNames()) {
                    if (key.startsWith(k + "port.")) {
                        ports.put(key.substring((k + "port.").length()), Integer.parseInt(p.getProperty(key)));
                    }
                }
                nodes.add(new Node(id, p.getProperty(k + "name"), Long.parseLong(p.getProperty(k + "pid")),
                        p.getProperty(k + "host", "127.0.0.1"), Integer.parseInt(p.getProperty(k + "jmx.port")), ports));
            }
            for (String key : p.stringPropertyNames()) {
                if (key.startsWith("setting.")) {
                    settings.put(key.substring("setting.".length()), p.getProperty(key));
                }
            }
            return new ClusterState(p.getProperty("cluster.id"), Boolean.parseBoolean(p.getProperty("detached")),
                    Long.parseLong(p.getProperty("owner.pid", "-1")), settings, nodes);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("unreadable cluster state " + runDir.resolve(FILE) + ": " + e, e);
        }
    }

    /**
     * The file of an mqprobe build from before the shared layer (Kafka brokers only): such a build may run
     * next to this one on the same machine, and each must judge the other's run dirs right.
     */
    private static ClusterState readLegacy(Properties p) {
        int count = Integer.parseInt(p.getProperty("broker.count"));
        List<Node> nodes = new ArrayList<>(count);
        for (int id = 1; id <= count; id++) {
            String k = "broker." + id + ".";
            Map<String, Integer> ports = new TreeMap<>();
            ports.put("port", Integer.parseInt(p.getProperty(k + "port")));
            int controllerPort = Integer.parseInt(p.getProperty(k + "controller.port", "0"));
            if (controllerPort > 0) {
                ports.put("controller.port", controllerPort);
            }
            nodes.add(new Node(id, Sources.broker(id), Long.parseLong(p.getProperty(k + "pid")), "127.0.0.1",
                    Integer.parseInt(p.getProperty(k + "jmx.port")), ports));
        }
        Map<String, String> settings = new TreeMap<>();
        for (String key : List.of("heap.bytes", "start.timeout.ms")) {
            if (p.getProperty(key) != null) {
                settings.put(key, p.getProperty(key));
            }
        }
        return new ClusterState(p.getProperty("cluster.id"), Boolean.parseBoolean(p.getProperty("detached")),
                Long.parseLong(p.getProperty("owner.pid", "-1")), settings, nodes);
    }

    /** The keys an mqprobe build from before the shared layer reads, so that it does not take this file for garbage. */
    private void writeLegacy(Properties p) {
        p.setProperty("broker.count", Integer.toString(nodes.size()));
        for (String key : List.of("heap.bytes", "start.timeout.ms")) {
            p.setProperty(key, settings.getOrDefault(key, "0"));
        }
        for (Node n : nodes) {
            String k = "broker." + n.id() + ".";
            p.setProperty(k + "pid", Long.toString(n.pid()));
            p.setProperty(k + "port", Integer.toString(n.ports().getOrDefault("port", 0)));
            p.setProperty(k + "controller.port", Integer.toString(n.ports().getOrDefault("controller.port", 0)));
            p.setProperty(k + "jmx.port", Integer.toString(n.jmxPort()));
        }
    }

    public void write(Path runDir) {
        Properties p = new Properties();
        writeLegacy(p);
        p.setProperty("cluster.id", clusterId);
        p.setProperty("detached", Boolean.toString(detached));
        p.setProperty("owner.pid", Long.toString(ownerPid));
        settings.forEach((k, v) -> p.setProperty("setting." + k, v));
        p.setProperty("node.count", Integer.toString(nodes.size()));
        for (Node n : nodes) {
            String k = "node." + n.id() + ".";
            p.setProperty(k + "name", n.name());
            p.setProperty(k + "pid", Long.toString(n.pid()));
            p.setProperty(k + "host", n.host());
            p.setProperty(k + "jmx.port", Integer.toString(n.jmxPort()));
            n.ports().forEach((name, port) -> p.setProperty(k + "port." + name, Integer.toString(port)));
        }
        Path tmp = runDir.resolve(FILE + ".tmp");
        try {
            try (Writer out = Files.newBufferedWriter(tmp)) {
                p.store(out, "embedded cluster started by mqprobe");
            }
            Files.move(tmp, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + runDir.resolve(FILE), e);
        }
    }

    /** The live process of a node listed here, guarding against the pid having been reused since. */
    public static Optional<ProcessHandle> liveProcess(long pid, Path nodeDir) {
        if (pid <= 0) {
            return Optional.empty();
        }
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(h -> h.info().commandLine().map(cmd -> cmd.contains(JvmLauncher.nodeTag(nodeDir))).orElse(true));
    }

    /** True when at least one node listed in the run dir's state still runs. */
    public boolean anyAlive(Path runDir) {
        return nodes.stream().anyMatch(n -> liveProcess(n.pid(), runDir.resolve(n.name())).isPresent());
    }

    /**
     * True when this cluster is gone for good. A detached cluster whose nodes were all stopped on
     * purpose (recorded pid -1) is merely down; one whose recorded nodes died behind mqprobe's back
     * (reboot, OOM) is stale. A temporary cluster is stale once the process that drove it is gone.
     */
    public boolean stale(Path runDir) {
        if (anyAlive(runDir)) {
            return false;
        }
        if (detached) {
            return nodes.stream().anyMatch(n -> n.pid() > 0);
        }
        return ProcessHandle.of(ownerPid).map(h -> !h.isAlive()).orElse(true);
    }
}
