package io.mqprobe.embedded;

import io.mqprobe.embedded.isolation.Placement;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * One node of an embedded cluster (a Kafka broker, a RocketMQ name server, a MirrorMaker 2 worker): its
 * name, fixed ports, directory and address, and its current process (a child of this JVM, or a process
 * adopted from a detached cluster's state file). The fault operations on one node live here.
 */
public final class ProcessNode {

    /** Marker file in the node's directory: the process outlives the mqprobe process that started it. */
    public static final String DETACHED_MARKER = "detached";
    /** How long a killed JVM gets to be gone (SIGKILL needs nothing from it; the kernel frees its memory). */
    private static final Duration KILL_WAIT = Duration.ofSeconds(30);

    private final int id;
    private final String name;
    private final Path dir;
    private final String host;
    private final int jmxPort;
    private final Map<String, Integer> ports;
    private volatile ProcessHandle process;
    private volatile Process child;

    /**
     * @param name    unique in the cluster, also the directory name under the run dir ({@code broker-2})
     * @param host    the address its listeners and JMX bind to: 127.0.0.1, or its network namespace's address
     * @param ports   named ports besides JMX ({@code port}, {@code controller.port}); 0 = not used by this node
     */
    public ProcessNode(int id, String name, Path dir, String host, int jmxPort, Map<String, Integer> ports) {
        this.id = id;
        this.name = name;
        this.dir = dir;
        this.host = host;
        this.jmxPort = jmxPort;
        this.ports = Map.copyOf(ports);
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public Path dir() {
        return dir;
    }

    public String host() {
        return host;
    }

    public int jmxPort() {
        return jmxPort;
    }

    /** A named port, 0 when this node has none by that name. */
    public int port(String portName) {
        return ports.getOrDefault(portName, 0);
    }

    public Map<String, Integer> ports() {
        return ports;
    }

    public Path logDir() {
        return dir.resolve("logs");
    }

    public Path consoleLog() {
        return dir.resolve("console.log");
    }

    public Path detachedMarker() {
        return dir.resolve(DETACHED_MARKER);
    }

    public boolean alive() {
        ProcessHandle p = process;
        return p != null && p.isAlive();
    }

    public long pid() {
        ProcessHandle p = process;
        return p != null && p.isAlive() ? p.pid() : -1;
    }

    /**
     * Starts the node's JVM, inside {@code placement} (its cgroup and network namespace, or none).
     *
     * @throws EmbeddedClusterException when it runs already or cannot be started
     */
    public void launch(JvmSpec spec, Placement placement) {
        if (alive()) {
            throw new EmbeddedClusterException(name + " is already running (pid " + pid() + ")");
        }
        try {
            Process started = JvmLauncher.launch(this, spec, placement);
            child = started;
            process = started.toHandle();
        } catch (IOException e) {
            throw new EmbeddedClusterException("cannot start " + name + ": " + e.getMessage(), "", e);
        }
    }

    /** Takes over a process started by another mqprobe process (a detached cluster). */
    public void adopt(ProcessHandle handle) {
        child = null;
        process = handle;
    }

    /** Exit status when this JVM started the process and it has ended. */
    public Optional<Integer> exitCode() {
        Process c = child;
        return c != null && !c.isAlive() ? Optional.of(c.exitValue()) : Optional.empty();
    }

    /** kill -9 and wait until the process is gone (a paused process dies too: SIGKILL needs no CPU from it). */
    public void kill() {
        ProcessHandle p = process;
        if (p != null) {
            ProcessExit.awaitOrKill(p, Duration.ZERO, KILL_WAIT);
        }
    }

    /** Sends SIGTERM (the JVM's shutdown hooks, e.g. Kafka's controlled shutdown) without waiting. */
    public void requestStop() {
        ProcessHandle p = process;
        if (p != null && p.isAlive()) {
            Signals.send(p.pid(), "CONT");   // a paused JVM would never act on the TERM
            p.destroy();
        }
    }

    /** Waits for a stop requested earlier; kills the process when it takes longer than {@code timeout}. */
    public void finishStop(Duration timeout) {
        ProcessHandle p = process;
        if (p != null) {
            ProcessExit.awaitOrKill(p, timeout, KILL_WAIT);
        }
    }

    public void stop(Duration timeout) {
        requestStop();
        finishStop(timeout);
    }

    /** SIGSTOP: the JVM freezes (a long GC pause, a stuck disk) with its connections open. */
    public void pause() {
        ProcessHandle p = process;
        if (p != null && p.isAlive()) {
            Signals.send(p.pid(), "STOP");
        }
    }

    /** SIGCONT after {@link #pause()}. */
    public void resume() {
        ProcessHandle p = process;
        if (p != null && p.isAlive()) {
            Signals.send(p.pid(), "CONT");
        }
    }

    /** Last lines of the node's console log and of {@code extraLogs} (e.g. a broker's server.log), for failure messages. */
    public String logTail(int lines, Path... extraLogs) {
        StringBuilder tail = new StringBuilder(LogTail.of(consoleLog(), lines));
        for (Path log : extraLogs) {
            tail.append(LogTail.of(log, lines));
        }
        return tail.toString();
    }

    /** A one-line failure naming the last problem in {@code tail}, with the whole tail attached. */
    public EmbeddedClusterException failure(String summary, String tail) {
        String clue = LogTail.lastProblem(tail).map(line -> ": " + line).orElse("");
        return new EmbeddedClusterException(summary + clue + " (logs in " + dir + ")", tail, null);
    }

}
