package io.mqprobe.load;

import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.consume.RunningConsumers;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.DeliveryChecker;
import io.mqprobe.stats.DeliveryReport;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * A step's consumers as one, whether they run in this process or are split over load workers: every group's threads
 * dealt out over the workers ({@link ConsumerLoadSpec#shares}), their seconds merged exactly, and their sequence
 * bookkeeping brought together so each group's delivery is checked as if one process had read it all.
 */
final class ConsumerFleet implements AutoCloseable {

    private final ConsumerLoadSpec spec;
    private final List<RunningConsumers> parts;

    private ConsumerFleet(ConsumerLoadSpec spec, List<RunningConsumers> parts) {
        this.spec = spec;
        this.parts = List.copyOf(parts);
    }

    /**
     * Prepares {@code spec}'s consumers over the available {@code workers} (closing what was prepared when one fails);
     * {@link #begin} starts them all.
     */
    static ConsumerFleet start(List<LoadWorker> workers, ConsumerLoadSpec spec) {
        List<LoadWorker> available = workers.stream().filter(LoadWorker::available).toList();
        if (available.isEmpty()) {
            throw new IllegalStateException("no load worker is left to run the step's consumers");
        }
        List<ConsumerLoadSpec> shares = spec.shares(available.size());
        List<RunningConsumers> started = new ArrayList<>();
        try {
            for (int i = 0; i < shares.size(); i++) {
                started.add(available.get(i).startConsumers(shares.get(i)));
            }
            return new ConsumerFleet(spec, started);
        } catch (RuntimeException e) {
            started.forEach(RunningConsumers::close);
            throw e;
        }
    }

    /** Every share starts polling, one right after the other. */
    void begin() {
        parts.forEach(RunningConsumers::begin);
    }

    ConsumeStats.Snapshot snapshot(long epochMs) {
        return ConsumeStats.Snapshot.merge(parts.stream().map(p -> p.snapshot(epochMs)).toList());
    }

    long records() {
        return parts.stream().mapToLong(RunningConsumers::records).sum();
    }

    /** Every share ended, or together they read the load's record budget (the shares themselves have none). */
    boolean done() {
        return (spec.maxRecords() > 0 && records() >= spec.maxRecords()) || parts.stream().allMatch(RunningConsumers::done);
    }

    void pause(boolean paused) {
        parts.forEach(p -> p.pause(paused));
    }

    /** True once every group read as many records as were {@code acknowledged} (each group reads every one). */
    boolean caughtUpWith(long acknowledged) {
        return records() >= acknowledged * spec.groups();
    }

    /**
     * Stops every share and checks delivery per group over all of them; when a consumer failed, the verdict says so and
     * counts nothing as lost (what it did not read is unread, not lost by the cluster).
     */
    Finished finish(Map<Long, BitSet> ackedByStream) {
        List<List<DeliveryChecker>> byGroup = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (RunningConsumers part : parts) {
            RunningConsumers.Finished finished = part.finish();
            for (int g = 0; g < finished.checkersByGroup().size(); g++) {
                if (byGroup.size() <= g) {
                    byGroup.add(new ArrayList<>());
                }
                byGroup.get(g).addAll(finished.checkersByGroup().get(g));
            }
            failures.addAll(finished.failures());
        }
        DeliveryReport report = DeliveryReport.acrossGroups(byGroup.stream()
                .map(checkers -> DeliveryReport.of(checkers, ackedByStream)).toList());
        return new Finished(failures.isEmpty() ? report : report.withConsumerFailure(failures.get(0)), failures);
    }

    /** The step's delivery check and why consumers failed (one line each). */
    record Finished(DeliveryReport delivery, List<String> failures) {
    }

    ConsumeStats.ClockAhead clockAhead() {
        long messages = 0;
        long maxAheadUs = 0;
        for (RunningConsumers part : parts) {
            ConsumeStats.ClockAhead ahead = part.clockAhead();
            messages += ahead.messages();
            maxAheadUs = Math.max(maxAheadUs, ahead.maxAheadUs());
        }
        return new ConsumeStats.ClockAhead(messages, maxAheadUs);
    }

    /** Each worker's own figures over the window (workers in other processes only). */
    List<io.mqprobe.api.monitor.ResourceUsage> usage(long fromEpochMs, long toEpochMs) {
        return parts.stream().flatMap(p -> p.usage(fromEpochMs, toEpochMs).stream()).toList();
    }

    long unstamped() {
        return parts.stream().mapToLong(RunningConsumers::unstamped).sum();
    }

    @Override
    public void close() {
        parts.forEach(RunningConsumers::close);
    }
}
