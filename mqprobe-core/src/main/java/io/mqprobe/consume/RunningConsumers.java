package io.mqprobe.consume;

import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.DeliveryChecker;

import java.util.List;

/**
 * A share of a step's consumers, running in this process ({@link ConsumerLoad}) or in a load worker elsewhere: what
 * the runner reads each second, and what it merges into the step's delivery check at the end.
 */
public interface RunningConsumers extends AutoCloseable {

    /** Starts polling (the share is created ready, so shares on several workers begin together). */
    void begin();

    /** Cumulative counters and the end-to-end histogram since the previous snapshot. One caller thread. */
    ConsumeStats.Snapshot snapshot(long epochMs);

    /** Records consumed so far, over every group. */
    long records();

    /** True once every consumer thread ended (count or duration reached, stopped, or failed) after {@link #begin}. */
    boolean done();

    /** Stops (or restarts) fetching while the consumers stay in their groups. */
    void pause(boolean paused);

    /** Stops the consumers and hands back their sequence bookkeeping, by group in the spec's order, and their failures. */
    Finished finish();

    /** Messages stamped later than they arrived (the producer's clock ahead of this process's). */
    ConsumeStats.ClockAhead clockAhead();

    /** Consumed records mqprobe did not write. */
    long unstamped();

    /**
     * What this share's own process used and read over the window, as resources of source {@code client:WORKER}; empty
     * for consumers in the runner's own process, whose monitors see them as {@code client}.
     */
    default List<io.mqprobe.api.monitor.ResourceUsage> usage(long fromEpochMs, long toEpochMs) {
        return List.of();
    }

    @Override
    void close();

    /**
     * @param checkersByGroup one checker per consumer thread, by group (in {@link ConsumerLoadSpec#groupIds()} order)
     * @param failures        why consumer threads failed, one line each (empty when none did)
     */
    record Finished(List<List<DeliveryChecker>> checkersByGroup, List<String> failures) {
        public Finished {
            checkersByGroup = checkersByGroup.stream().map(List::copyOf).toList();
            failures = List.copyOf(failures);
        }
    }
}
