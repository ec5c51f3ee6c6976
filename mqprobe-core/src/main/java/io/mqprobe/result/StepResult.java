package io.mqprobe.result;

import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.load.WindowTotals;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.DeliveryReport;
import io.mqprobe.stats.LatencySummary;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** One measured load step as stored in {@code scenarios[].steps[]} (see docs/result-schema.md). */
public record StepResult(int index, int clients, Double targetRecordsPerSecond, String startedAt, long warmupMs,
                         long measuredMs, long records, long bytes, double recordsPerSecond, double bytesPerSecond,
                         Map<String, Long> errors, LatencySummary latencyUs, LatencySummary serviceLatencyUs,
                         LatencySummary sendDelayUs, LatencySummary e2eLatencyUs, Consumed consumed,
                         List<ResourceUsage> resources) {

    /** What the consumers saw during the step; {@code null} when nothing consumed. */
    /**
     * What the consumers of a step saw.
     *
     * @param unread             missing messages in partitions the consumers did not read to the end: not loss
     * @param consumerFailure    why a consumer failed, or {@code null}; then nothing counts as lost
     * @param clockAheadMessages messages stamped later than they arrived: the producer's clock runs ahead of
     *                           the consumer's, so their end-to-end latency is unknown (not clamped to 0)
     * @param maxClockAheadUs    the largest such offset
     */
    public record Consumed(long records, double bytesPerSecond, long lost, long duplicates, long outOfOrder,
                           boolean lossCheckedAgainstAcks, long unread, String consumerFailure,
                           long clockAheadMessages, long maxClockAheadUs) {

        public static Consumed of(WindowTotals window, DeliveryReport delivery, ConsumeStats.ClockAhead clockAhead) {
            return new Consumed(window.consumedRecords(), window.consumedBytes() / window.consumedSeconds(),
                    delivery == null ? 0 : delivery.lost(), delivery == null ? 0 : delivery.duplicates(),
                    delivery == null ? 0 : delivery.outOfOrder(), delivery != null && delivery.checkedAgainstAcks(),
                    delivery == null ? 0 : delivery.unread(), delivery == null ? null : delivery.consumerFailure(),
                    clockAhead.messages(), clockAhead.maxAheadUs());
        }
    }

    public static StepResult of(int index, int clients, double targetRecordsPerSecond, long startedEpochMs,
                                long warmupMs, WindowTotals window, Consumed consumed, List<ResourceUsage> resources) {
        return new StepResult(index, clients, targetRecordsPerSecond > 0 ? targetRecordsPerSecond : null,
                Instant.ofEpochMilli(startedEpochMs).toString(), warmupMs, window.toEpochMs() - window.fromEpochMs(),
                window.records(), window.bytes(), window.recordsPerSecond(), window.bytesPerSecond(), window.errors(),
                window.latencyUs(), window.serviceLatencyUs(), window.sendDelayUs(), window.e2eLatencyUs(), consumed,
                List.copyOf(resources));
    }
}
