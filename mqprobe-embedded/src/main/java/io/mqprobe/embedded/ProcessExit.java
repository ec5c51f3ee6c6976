package io.mqprobe.embedded;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waiting for a child process to be gone, the one way every stop of a node or a worker waits. */
public final class ProcessExit {

    private ProcessExit() {
    }

    /**
     * The end of a stop already asked for (SIGTERM sent): waits up to {@code grace} for the child to go, then kills it
     * (SIGKILL) and waits up to {@code killWait} more, through interruptions as {@link #await} does.
     *
     * @return whether the process is gone
     */
    public static boolean awaitOrKill(ProcessHandle process, Duration grace, Duration killWait) {
        if (!process.isAlive() || await(process, grace)) {
            return true;
        }
        process.destroyForcibly();
        return await(process, killWait);
    }

    /**
     * Waits up to {@code timeout} for {@code process} to exit, through interruptions: whoever stops a child must not
     * go on (or let its JVM exit) while the child still runs, as an interrupted wait once left a coordinator's workers
     * alive. An interruption is kept for the caller.
     *
     * @return whether the process is gone
     */
    public static boolean await(ProcessHandle process, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean interrupted = false;
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return !process.isAlive();
                }
                try {
                    process.onExit().get(left, TimeUnit.NANOSECONDS);
                    return true;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (TimeoutException e) {
                    return !process.isAlive();
                } catch (ExecutionException e) {
                    throw new IllegalStateException("waiting for pid " + process.pid() + " to exit", e);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
