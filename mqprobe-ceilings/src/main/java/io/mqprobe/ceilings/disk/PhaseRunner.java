package io.mqprobe.ceilings.disk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one pass of a cell: N worker threads released together, stopped at a common deadline or at the
 * first failure, which is rethrown after every worker has ended.
 */
final class PhaseRunner {

    /** How long workers may overrun the deadline (a write stuck behind writeback) before the pass is failed. */
    private static final long OVERRUN_NS = TimeUnit.SECONDS.toNanos(60);

    /** One worker's loop; returns the bytes it moved. */
    @FunctionalInterface
    interface WorkerBody {
        long run(int worker, Deadline deadline) throws IOException;
    }

    /** Shared by the workers of one pass: the end time and the stop flag set by a failing worker. */
    static final class Deadline {
        private final long endNs;
        private final AtomicBoolean stop;

        private Deadline(long endNs, AtomicBoolean stop) {
            this.endNs = endNs;
            this.stop = stop;
        }

        boolean reached() {
            return stop.get() || System.nanoTime() - endNs >= 0;
        }
    }

    /** Bytes per worker and the time from the common start to the last worker's end. */
    record PassResult(long[] bytesPerWorker, long elapsedNs) {
        long totalBytes() {
            long total = 0;
            for (long bytes : bytesPerWorker) {
                total += bytes;
            }
            return total;
        }

        double bytesPerSecond() {
            return elapsedNs > 0 ? totalBytes() * 1e9 / elapsedNs : 0;
        }
    }

    private PhaseRunner() {
    }

    static PassResult run(String name, int workers, Duration duration, WorkerBody body) {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicReference<Deadline> deadline = new AtomicReference<>();
        CountDownLatch startGate = new CountDownLatch(1);
        long[] bytes = new long[workers];
        long[] endNs = new long[workers];
        Thread[] threads = new Thread[workers];
        for (int i = 0; i < workers; i++) {
            int worker = i;
            threads[i] = new Thread(() -> {
                try {
                    startGate.await();
                    bytes[worker] = body.run(worker, deadline.get());
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                    stop.set(true);
                } finally {
                    endNs[worker] = System.nanoTime();
                }
            }, "mqprobe-" + name + "-" + i);
            threads[i].setDaemon(true);
            threads[i].start();
        }
        long startNs = System.nanoTime();
        deadline.set(new Deadline(startNs + duration.toNanos(), stop));
        startGate.countDown();
        boolean interrupted = joinAll(threads, startNs + duration.toNanos() + OVERRUN_NS, stop);
        if (interrupted) {
            Thread.currentThread().interrupt();
            CancellationException cancelled = new CancellationException(name + " interrupted");
            cancelled.initCause(new InterruptedException());
            throw cancelled;
        }
        for (Thread thread : threads) {
            if (thread.isAlive()) {
                throw new IllegalStateException(name + " workers did not stop 60 s after the deadline (I/O stuck?)");
            }
        }
        rethrow(failure.get());
        long lastEndNs = startNs;
        for (long end : endNs) {
            lastEndNs = Math.max(lastEndNs, end);
        }
        return new PassResult(bytes, lastEndNs - startNs);
    }

    /** Waits for every worker until {@code giveUpNs}; an interrupt stops the workers and is reported afterwards. */
    private static boolean joinAll(Thread[] threads, long giveUpNs, AtomicBoolean stop) {
        boolean interrupted = false;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                long leftMs = TimeUnit.NANOSECONDS.toMillis(giveUpNs - System.nanoTime());
                if (leftMs <= 0) {
                    stop.set(true);
                    return interrupted;
                }
                try {
                    thread.join(leftMs);
                } catch (InterruptedException e) {
                    interrupted = true;
                    stop.set(true);
                }
            }
        }
        return interrupted;
    }

    private static void rethrow(Throwable failure) {
        if (failure == null) {
            return;
        }
        if (failure instanceof IOException io) {
            throw new UncheckedIOException(io.getMessage(), io);
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        throw new IllegalStateException(failure);
    }
}
