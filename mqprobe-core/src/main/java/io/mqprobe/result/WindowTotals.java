package io.mqprobe.result;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.stats.Estimate;
import io.mqprobe.api.stats.LatencySummary;

import java.util.List;
import java.util.Map;

/**
 * Load figures over a measured window (warm-up excluded).
 *
 * @param fromEpochMs        window start
 * @param toEpochMs          window end
 * @param records            acknowledged in the window
 * @param bytes              acknowledged bytes in the window
 * @param errors             failed sends by exception type
 * @param latencyUs          from the intended send time (coordinated omission corrected)
 * @param serviceLatencyUs   from the actual send time
 * @param sendDelayUs        actual minus intended send time: grows when the load generator cannot keep up
 * @param consumedRecords    consumed in the window ({@code 0} without consumers)
 * @param consumedBytes      consumed bytes in the window
 * @param e2eLatencyUs       consume time minus stamped send time, {@code null} without consumers
 * @param consumedToEpochMs  end of the consumers' window (their last tick with progress)
 * @param throughput         per-second throughput readings while the load was sending, with their interval
 *                           (acknowledged records/s; consumed records/s for a consume-only load)
 * @param p99PerSecondUs     the p99 of each of those seconds, with its interval
 */
public record WindowTotals(long fromEpochMs, long toEpochMs, long records, long bytes, Map<String, Long> errors,
                           LatencySummary latencyUs, LatencySummary serviceLatencyUs, LatencySummary sendDelayUs,
                           long consumedRecords, long consumedBytes, LatencySummary e2eLatencyUs,
                           long consumedToEpochMs, Estimate throughput, Estimate p99PerSecondUs) {

    public double seconds() {
        return Math.max(1e-3, (toEpochMs - fromEpochMs) / 1000.0);
    }

    public double recordsPerSecond() {
        return records / seconds();
    }

    public double bytesPerSecond() {
        return bytes / seconds();
    }

    /** Length of the consumers' window in seconds. */
    public double consumedSeconds() {
        return Math.max(1e-3, (consumedToEpochMs - fromEpochMs) / 1000.0);
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * mqprobe's own view of its sending, as a resource beside the monitors' (source {@code client}): the send
     * delay p99 is how the bottleneck finder tells "the load generator fell behind" from a cluster limit.
     * Empty when nothing was sent.
     */
    public List<ResourceUsage> loadGeneratorUsage() {
        if (sendDelayUs == null || sendDelayUs.count() == 0) {
            return List.of();
        }
        return List.of(ResourceUsage.withoutCapacity(Sources.CLIENT, Metric.SEND_DELAY_P99_US, sendDelayUs.p99(), sendDelayUs.max()));
    }
}
