package io.mqprobe.kafka.embedded;

import io.mqprobe.api.LocalBrokerProcess;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One broker of an embedded cluster: its fixed ports and directories, and its current process
 * (a child of this JVM, or a process adopted from a detached cluster's state file).
 */
final class BrokerNode {

    private final int id;
    private final int listenerPort;
    private final int controllerPort;
    private final int jmxPort;
    private final Path dir;
    private volatile ProcessHandle process;
    private volatile Process child;

    /** @param controllerPort the KRaft controller port when this node runs the controller, else 0 */
    BrokerNode(int id, int listenerPort, int controllerPort, int jmxPort, Path dir) {
        this.id = id;
        this.listenerPort = listenerPort;
        this.controllerPort = controllerPort;
        this.jmxPort = jmxPort;
        this.dir = dir;
    }

    int id() {
        return id;
    }

    int listenerPort() {
        return listenerPort;
    }

    int controllerPort() {
        return controllerPort;
    }

    int jmxPort() {
        return jmxPort;
    }

    boolean controller() {
        return controllerPort > 0;
    }

    Path dir() {
        return dir;
    }

    Path configFile() {
        return dir.resolve("server.properties");
    }

    Path dataDir() {
        return dir.resolve("data");
    }

    Path metadataDir() {
        return dir.resolve("meta");
    }

    Path logDir() {
        return dir.resolve("logs");
    }

    Path consoleLog() {
        return dir.resolve("console.log");
    }

    Path serverLog() {
        return logDir().resolve("server.log");
    }

    Path detachedMarker() {
        return dir.resolve(BrokerMain.DETACHED_MARKER);
    }

    boolean alive() {
        ProcessHandle p = process;
        return p != null && p.isAlive();
    }

    long pid() {
        ProcessHandle p = process;
        return p != null && p.isAlive() ? p.pid() : -1;
    }

    LocalBrokerProcess describe() {
        return new LocalBrokerProcess(id, pid(), jmxPort, dataDir());
    }

    void launch(String clusterId, long heapBytes, long watchedPid) {
        if (alive()) {
            throw new EmbeddedClusterException("broker " + id + " is already running (pid " + pid() + ")");
        }
        try {
            Process started = BrokerLauncher.launch(this, clusterId, heapBytes, watchedPid);
            child = started;
            process = started.toHandle();
        } catch (IOException e) {
            throw new EmbeddedClusterException("cannot start broker " + id + ": " + e.getMessage(), "", e);
        }
    }

    /** Takes over a broker started by another mqprobe process (a detached cluster). */
    void adopt(ProcessHandle handle) {
        child = null;
        process = handle;
    }

    /** Exit status when this JVM started the process and it has ended. */
    Optional<Integer> exitCode() {
        Process c = child;
        return c != null && !c.isAlive() ? Optional.of(c.exitValue()) : Optional.empty();
    }

    /** kill -9 and wait until the process is gone. */
    void kill() {
        ProcessHandle p = process;
        if (p != null && p.isAlive()) {
            p.destroyForcibly();
            awaitExit(p, Duration.ofSeconds(30));
        }
    }

    /** Sends SIGTERM (Kafka's controlled shutdown) without waiting. */
    void requestStop() {
        ProcessHandle p = process;
        if (p != null && p.isAlive()) {
            p.destroy();
        }
    }

    /** Waits for a stop requested earlier; kills the broker when it takes longer than {@code timeout}. */
    void finishStop(Duration timeout) {
        ProcessHandle p = process;
        if (p != null && p.isAlive() && !awaitExit(p, timeout)) {
            kill();
        }
    }

    void stop(Duration timeout) {
        requestStop();
        finishStop(timeout);
    }

    /** Last lines of the broker's console and server logs, for failure messages. */
    String logTail(int lines) {
        return LogTail.of(consoleLog(), lines) + LogTail.of(serverLog(), lines);
    }

    EmbeddedClusterException failure(String summary) {
        String tail = logTail(40);
        String clue = LogTail.lastProblem(tail).map(line -> ": " + line).orElse("");
        return new EmbeddedClusterException(summary + clue + " (logs in " + dir + ")", tail, null);
    }

    private static boolean awaitExit(ProcessHandle p, Duration timeout) {
        try {
            p.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !p.isAlive();
        } catch (ExecutionException e) {
            throw new IllegalStateException("waiting for pid " + p.pid() + " to exit", e);
        }
    }
}
