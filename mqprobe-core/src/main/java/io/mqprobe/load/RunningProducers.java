package io.mqprobe.load;

import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.stats.SendStats;

import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/** One worker's producers, ready to begin and then while a step runs: what the step runner reads each second and asks of them at the end. */
public interface RunningProducers extends AutoCloseable {

    /**
     * Starts sending, on the schedule of the share, from now. A worker's producers are created and connected first
     * ({@link LoadWorker#startProducers}), so that every worker of a step can begin at nearly one instant.
     */
    void begin();

    /** Cumulative counters and the interval histograms since the previous call (valid until the next). One thread calls it. */
    SendStats.Snapshot snapshot(long epochMs);

    /** How many producer clients this share runs (weights its client figures among the workers'). */
    int clients();

    long sent();

    /** Sends acknowledged or failed. */
    long completed();

    long acked();

    /** The producer clients' own figures, each averaged over the clients that report it. */
    Map<String, Double> clientMetrics();

    /** True once every sender has sent its share or reached the end of the duration. */
    boolean sendingDone();

    /** Asks every sender to stop after its current message. */
    void stop();

    /** Stops sending, waits up to {@code drainTimeout} for in-flight sends, closes; returns the sends still in flight. */
    long finish(Duration drainTimeout);

    /** Acknowledged sequence numbers by stream id, when the load tracks them; meaningful after {@link #finish}. */
    Map<Long, BitSet> ackedSequences();

    /**
     * What this share's own process used and did over the window, as resources of source {@code client:WORKER}; empty
     * for producers in the runner's own process, whose monitors see them as {@code client}.
     */
    default List<ResourceUsage> usage(long fromEpochMs, long toEpochMs) {
        return List.of();
    }

    @Override
    void close();
}
