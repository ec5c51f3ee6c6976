package io.mqprobe.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** A step's producers over all its workers, one share each, seen as one load. */
final class ProducerFleet implements AutoCloseable {

    private final List<RunningProducers> parts;

    private ProducerFleet(List<RunningProducers> parts) {
        this.parts = parts;
    }

    /**
     * Prepares one share of {@code spec} on each worker at once (fewer when the load has fewer clients than there are
     * workers), share {@code i} with run id {@code firstRunId + i}, then begins them one right after the other: a
     * worker that is slow to connect does not start its share later than the others. What was prepared is closed again
     * if one fails.
     */
    static ProducerFleet start(List<LoadWorker> allWorkers, ProducerLoadSpec spec, int firstRunId) {
        List<LoadWorker> workers = allWorkers.stream().filter(LoadWorker::available).toList();
        if (workers.isEmpty()) {
            throw new IllegalStateException("no load worker is left: all " + allWorkers.size() + " were lost");
        }
        List<ProducerLoadSpec> shares = spec.shares(workers.size());
        if (shares.size() == 1) {
            RunningProducers only = workers.get(0).startProducers(shares.get(0), firstRunId);
            return begun(List.of(only));
        }
        ExecutorService preparing = Executors.newFixedThreadPool(shares.size(), r -> {
            Thread t = new Thread(r, "mqprobe-prepare-producers");
            t.setDaemon(true);
            return t;
        });
        List<CompletableFuture<RunningProducers>> prepared = new ArrayList<>(shares.size());
        try {
            for (int i = 0; i < shares.size(); i++) {
                LoadWorker worker = workers.get(i);
                ProducerLoadSpec share = shares.get(i);
                int runId = firstRunId + i;
                prepared.add(CompletableFuture.supplyAsync(() -> worker.startProducers(share, runId), preparing));
            }
            List<RunningProducers> parts = new ArrayList<>(shares.size());
            RuntimeException failure = null;
            for (CompletableFuture<RunningProducers> part : prepared) {
                try {
                    parts.add(part.join());
                } catch (CompletionException e) {
                    failure = failure != null ? failure
                            : e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            }
            if (failure != null) {
                parts.forEach(RunningProducers::close);
                throw failure;
            }
            return begun(List.copyOf(parts));
        } finally {
            preparing.shutdownNow();
        }
    }

    private static ProducerFleet begun(List<RunningProducers> parts) {
        try {
            parts.forEach(RunningProducers::begin);
        } catch (RuntimeException e) {
            parts.forEach(RunningProducers::close);
            throw e;
        }
        return new ProducerFleet(parts);
    }

    /** Each worker's producers, for the meter that merges their snapshots. */
    List<RunningProducers> parts() {
        return parts;
    }

    long sent() {
        return parts.stream().mapToLong(RunningProducers::sent).sum();
    }

    long completed() {
        return parts.stream().mapToLong(RunningProducers::completed).sum();
    }

    long acked() {
        return parts.stream().mapToLong(RunningProducers::acked).sum();
    }

    boolean sendingDone() {
        return parts.stream().allMatch(RunningProducers::sendingDone);
    }

    void stop() {
        parts.forEach(RunningProducers::stop);
    }

    /** Each figure averaged over every client that reports it, whichever worker runs it. */
    Map<String, Double> clientMetrics() {
        ClientFigures figures = new ClientFigures();
        parts.forEach(part -> figures.add(part.clientMetrics(), part.clients()));
        return figures.means();
    }

    /** Stops every share, then drains them all within one {@code drainTimeout}; the sends still in flight. */
    long finish(Duration drainTimeout) {
        stop();
        long deadlineNs = System.nanoTime() + drainTimeout.toNanos();
        long inFlight = 0;
        for (RunningProducers part : parts) {
            inFlight += part.finish(Duration.ofNanos(Math.max(0, deadlineNs - System.nanoTime())));
        }
        return inFlight;
    }

    /** Each worker's own figures over the window (workers in other processes only). */
    List<io.mqprobe.api.monitor.ResourceUsage> usage(long fromEpochMs, long toEpochMs) {
        return parts.stream().flatMap(p -> p.usage(fromEpochMs, toEpochMs).stream()).toList();
    }

    /** Every share's acknowledged sequences: their stream ids differ by run id. */
    Map<Long, BitSet> ackedSequences() {
        Map<Long, BitSet> acked = new LinkedHashMap<>();
        parts.forEach(p -> acked.putAll(p.ackedSequences()));
        return acked;
    }

    @Override
    public void close() {
        parts.forEach(RunningProducers::close);
    }
}
