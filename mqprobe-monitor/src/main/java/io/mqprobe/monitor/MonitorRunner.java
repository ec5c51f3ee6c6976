package io.mqprobe.monitor;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs samplers at a fixed interval in the background and hands every sample to a sink.
 * Each sampler has its own thread, so a slow or hanging source only loses its own rounds and
 * never delays the others or the load; a failing source is reported once on the warnings stream.
 */
public final class MonitorRunner implements AutoCloseable {

    private static final long CLOSE_WAIT_MS = 2_000;
    /** A round running this long (or three intervals, if longer) is a stuck source, not a slow one. */
    private static final long STUCK_AFTER_MS = 5_000;

    private final ScheduledExecutorService ticker;
    private final List<Slot> slots = new ArrayList<>();
    private final Consumer<ResourceSample> sink;
    private final PrintWriter warnings;
    private final Duration interval;
    private volatile boolean closed;
    private boolean sinkWarned;

    private MonitorRunner(List<Sampler> samplers, Duration interval, Consumer<ResourceSample> sink, PrintWriter warnings) {
        this.sink = sink;
        this.warnings = warnings;
        this.interval = interval;
        for (Sampler sampler : samplers) {
            slots.add(new Slot(sampler));
        }
        this.ticker = Executors.newSingleThreadScheduledExecutor(daemon("mqprobe-monitor"));
    }

    /**
     * Starts sampling at once and then every {@code interval}.
     *
     * @param samplers the sources; the runner owns them and closes them in {@link #close()}
     * @param interval time between rounds, at least 10 ms
     * @param sink     receives samples from several threads, one call at a time
     * @param warnings where the one line per unreachable or slow source goes
     * @throws UsageException when the interval is below 10 ms
     */
    public static MonitorRunner start(List<Sampler> samplers, Duration interval, Consumer<ResourceSample> sink, PrintWriter warnings) {
        Objects.requireNonNull(sink, "sink");
        Objects.requireNonNull(warnings, "warnings");
        if (interval.toMillis() < 10) {
            throw new UsageException("monitor interval must be at least 10ms, got " + interval.toMillis() + "ms");
        }
        MonitorRunner runner = new MonitorRunner(List.copyOf(samplers), interval, sink, warnings);
        runner.ticker.scheduleAtFixedRate(runner::tick, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
        return runner;
    }

    private void tick() {
        for (Slot slot : slots) {
            slot.trigger();
        }
    }

    /** Stops sampling, closes every sampler and returns within about two seconds even if a source hangs. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        long deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_WAIT_MS);
        ticker.shutdownNow();
        // closing from a separate thread unblocks a sampler stuck in a socket read (JMX, HTTP)
        Thread closer = daemon("mqprobe-monitor-close").newThread(() -> slots.forEach(Slot::closeSampler));
        closer.start();
        for (Slot slot : slots) {
            slot.executor.shutdownNow();
        }
        try {
            for (Slot slot : slots) {
                slot.executor.awaitTermination(remainingNs(deadlineNs), TimeUnit.NANOSECONDS);
            }
            closer.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remainingNs(deadlineNs))));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long remainingNs(long deadlineNs) {
        return Math.max(0, deadlineNs - System.nanoTime());
    }

    private void deliver(List<ResourceSample> samples) {
        synchronized (sink) {
            for (ResourceSample s : samples) {
                try {
                    sink.accept(s);
                } catch (RuntimeException e) {
                    if (!sinkWarned) {
                        sinkWarned = true;
                        warn("monitor: dropping samples, the sample sink failed: " + oneLine(e));
                    }
                    return;
                }
            }
        }
    }

    private void warn(String line) {
        synchronized (warnings) {
            warnings.println(line);
            warnings.flush();
        }
    }

    /** First non-blank message along the cause chain, on one line, so users see why and not a stack. */
    static String oneLine(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                return t.getMessage().replaceAll("\\s+", " ").trim();
            }
        }
        return e.getClass().getSimpleName();
    }

    private static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** One sampler, its thread and its one-warning budget. */
    private final class Slot {
        final Sampler sampler;
        final ExecutorService executor;
        Future<?> running;
        long runningSinceNs;
        volatile boolean warned;

        Slot(Sampler sampler) {
            this.sampler = sampler;
            this.executor = Executors.newSingleThreadExecutor(daemon("mqprobe-monitor-" + sampler.name()));
        }

        void trigger() {
            if (running != null && !running.isDone()) {
                // a late round is skipped, never queued; only a round that hangs is worth a line
                long stuckMs = Math.max(STUCK_AFTER_MS, 3 * interval.toMillis());
                if (System.nanoTime() - runningSinceNs > TimeUnit.MILLISECONDS.toNanos(stuckMs)) {
                    warnOnce("monitor: " + sampler.name() + " has not answered for " + stuckMs / 1000
                            + " s; skipping its rounds until it does");
                }
                return;
            }
            try {
                runningSinceNs = System.nanoTime();
                running = executor.submit(this::sampleOnce);
            } catch (RejectedExecutionException e) {
                // closing: nothing more to run
            }
        }

        void sampleOnce() {
            long epochMs = System.currentTimeMillis();
            List<ResourceSample> samples;
            try {
                samples = sampler.sample(epochMs);
            } catch (Exception | LinkageError e) {
                if (!closed && !(e instanceof InterruptedException)) {
                    warnOnce("monitor: " + sampler.name() + " unavailable (" + oneLine(e) + "); continuing without it");
                }
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
            if (!closed && samples != null) {
                deliver(samples);
            }
            if (!closed) {
                sampler.takeNotices().forEach(line -> warn("monitor: " + line));
            }
        }

        void warnOnce(String line) {
            if (!warned) {
                warned = true;
                warn(line);
            }
        }

        void closeSampler() {
            try {
                sampler.close();
            } catch (RuntimeException e) {
                // closing is best effort: the run is over and the source may already be gone
            }
        }
    }
}
