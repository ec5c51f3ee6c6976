package io.mqprobe.run;

import io.mqprobe.api.FileTrees;
import io.mqprobe.embedded.ProcessExit;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run started for its {@code local:N} workers: their JVMs, their private directory (token and logs) and what
 * else must go with them (their network namespaces). Watched by a shutdown hook from before the first JVM starts, so
 * a coordinator stopped by a signal while its workers are still joining stops them too.
 */
final class LocalWorkerProcesses implements AutoCloseable {

    /** A worker's own shutdown hook closes its server and clients; a loaded machine may need seconds for that. */
    private static final Duration TERM_GRACE = Duration.ofSeconds(5);
    private static final Duration KILL_GRACE = Duration.ofSeconds(5);

    private final Path dir;
    private final List<Process> children = new ArrayList<>();
    private final List<Runnable> alsoRemove = new ArrayList<>();
    private final Thread onExit = new Thread(this::close, "mqprobe-workers-stop");
    private boolean closed;

    LocalWorkerProcesses(Path dir) {
        this.dir = dir;
        Runtime.getRuntime().addShutdownHook(onExit);
    }

    synchronized void add(Process child) {
        children.add(child);
    }

    /** Something besides the processes and the directory to delete on close, such as a worker's network namespace. */
    synchronized void alsoRemove(Runnable removal) {
        alsoRemove.add(removal);
    }

    Path dir() {
        return dir;
    }

    /**
     * Stops the children (TERM, then KILL), waiting for each to be gone even when this thread is interrupted: the
     * coordinator must not exit before its workers do. Then deletes the rest.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (Thread.currentThread() != onExit) {
            try {
                Runtime.getRuntime().removeShutdownHook(onExit);
            } catch (IllegalStateException e) {
                // the JVM is shutting down already: the hook is running or will, and finds this closed
            }
        }
        children.forEach(Process::destroy);
        children.forEach(child -> ProcessExit.awaitOrKill(child.toHandle(), TERM_GRACE, KILL_GRACE));
        alsoRemove.forEach(Runnable::run);
        FileTrees.delete(dir);
    }
}
