package io.mqprobe.plan;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.MessageRate;

import java.time.Duration;
import java.util.Locale;

/**
 * What the business asks of the cluster: the peak it must carry, for how long it keeps messages, how many copies and
 * readers, and how much it grows. Validated once, here.
 *
 * @param peakBytesPerSecond  today's peak of business traffic: what producers send, before replication
 * @param recordSizeBytes     the typical message
 * @param retention           how long messages are kept
 * @param replicationFactor   copies of every message (Kafka's RF; RocketMQ: a master and RF − 1 slaves)
 * @param consumerGroups      consumer groups that each read everything (the fan-out)
 * @param consumerParallelism consumers in the largest group: each needs a partition of its own
 * @param headroom            share of every resource left free at the planned peak (0.3 = 30 %)
 * @param growthPerYear       0.5 = the peak grows by 50 % a year
 * @param horizonYears        how many years the plan must hold
 */
public record BusinessLoad(double peakBytesPerSecond, int recordSizeBytes, Duration retention, int replicationFactor,
                           int consumerGroups, int consumerParallelism, double headroom, double growthPerYear,
                           double horizonYears) {

    public BusinessLoad {
        require(peakBytesPerSecond > 0, "--peak must be positive");
        require(recordSizeBytes > 0, "--record-size must be positive");
        require(!retention.isNegative() && !retention.isZero(), "--retention must be positive");
        require(replicationFactor >= 1, "--replication-factor must be at least 1, got " + replicationFactor);
        require(consumerGroups >= 0, "--consumers must not be negative, got " + consumerGroups);
        require(consumerParallelism >= 1, "--consumer-parallelism must be at least 1, got " + consumerParallelism);
        require(headroom >= 0 && headroom < 1, "--headroom must lie in [0 %, 100 %), got " + pct(headroom));
        require(growthPerYear >= 0, "--growth must not be negative, got " + pct(growthPerYear));
        require(horizonYears >= 0, "--horizon must not be negative");
    }

    /**
     * A peak as users state it: messages per second ({@code 100k/s}, {@code 70000 msgs/s}, {@code 70k tps}) or bytes
     * per second ({@code 50MB/s}, {@code 1Gbit}); messages are turned into bytes with the record size.
     *
     * @return bytes per second
     */
    public static double parsePeak(String text, int recordSizeBytes) {
        return MessageRate.bytesPerSecond(text, recordSizeBytes, "--peak");
    }

    /** How much the peak has grown by the end of the horizon: (1 + growth) ^ years. */
    public double growthFactor() {
        return Math.pow(1 + growthPerYear, horizonYears);
    }

    /** The peak the plan must carry: today's, grown over the horizon. */
    public double plannedBytesPerSecond() {
        return peakBytesPerSecond * growthFactor();
    }

    public double plannedRecordsPerSecond() {
        return plannedBytesPerSecond() / recordSizeBytes;
    }

    /** The share of a resource the plan may use at its peak. */
    public double usable() {
        return 1 - headroom;
    }

    private static void require(boolean ok, String problem) {
        if (!ok) {
            throw new UsageException(problem);
        }
    }

    private static String pct(double share) {
        return String.format(Locale.ROOT, "%.0f %%", share * 100);
    }
}
