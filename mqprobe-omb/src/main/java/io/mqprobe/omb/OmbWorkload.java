package io.mqprobe.omb;

import io.mqprobe.load.KeyDistributor;
import io.mqprobe.api.UsageException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * An OMB workload file, typed and checked ({@code workloads/*.yaml} of openmessaging/benchmark). What mqprobe
 * cannot run yet is not refused here but by {@link OmbPlan}, so the parser stays a faithful reader of the format.
 *
 * @param payloadFile             the workload's payload file resolved against the workload file's folder, or
 *                                {@code null} when none is named
 * @param producerRatePerSecond   total messages/s over every producer of every topic; 0 = OMB's max-rate search
 * @param messageSizeDistribution OMB's {@code "0-256": weight} ranges; empty = every message {@code messageSizeBytes}
 * @param readNotes               fields the file gives that mqprobe reads but that change nothing here, said so
 * @param consumerBacklogSizeGB   GiB to build with the consumers paused, then drain; 0 = none. OMB reads whole GiB;
 *                                mqprobe also takes fractions (0.05) for a quick try on a small cluster
 */
public record OmbWorkload(String name, int topics, int partitionsPerTopic, int messageSizeBytes,
                          Map<String, Integer> messageSizeDistribution, Path payloadFile, boolean useRandomizedPayloads,
                          double randomBytesRatio, int randomizedPayloadPoolSize, KeyDistributor keyDistributor,
                          int subscriptionsPerTopic, int consumerPerSubscription, int producersPerTopic,
                          double producerRatePerSecond, double consumerBacklogSizeGB, double backlogDrainRatio,
                          Duration testDuration, Duration warmupDuration, List<String> readNotes) {

    /** A workload whose file had nothing to note. */
    public OmbWorkload(String name, int topics, int partitionsPerTopic, int messageSizeBytes,
                       Map<String, Integer> messageSizeDistribution, Path payloadFile, boolean useRandomizedPayloads,
                       double randomBytesRatio, int randomizedPayloadPoolSize, KeyDistributor keyDistributor,
                       int subscriptionsPerTopic, int consumerPerSubscription, int producersPerTopic,
                       double producerRatePerSecond, double consumerBacklogSizeGB, double backlogDrainRatio,
                       Duration testDuration, Duration warmupDuration) {
        this(name, topics, partitionsPerTopic, messageSizeBytes, messageSizeDistribution, payloadFile, useRandomizedPayloads,
                randomBytesRatio, randomizedPayloadPoolSize, keyDistributor, subscriptionsPerTopic, consumerPerSubscription,
                producersPerTopic, producerRatePerSecond, consumerBacklogSizeGB, backlogDrainRatio, testDuration, warmupDuration,
                List.of());
    }

    public OmbWorkload {
        if (name == null || name.isBlank()) {
            throw new UsageException("name is required");
        }
        atLeast("topics", topics, 1);
        atLeast("partitionsPerTopic", partitionsPerTopic, 1);
        atLeast("messageSize", messageSizeBytes, 1);
        atLeast("producersPerTopic", producersPerTopic, 1);
        atLeast("subscriptionsPerTopic", subscriptionsPerTopic, 0);
        atLeast("consumerPerSubscription", consumerPerSubscription, subscriptionsPerTopic > 0 ? 1 : 0);
        atLeast("randomizedPayloadPoolSize", randomizedPayloadPoolSize, 0);
        if (!(producerRatePerSecond >= 0)) {
            throw new UsageException("producerRate must be 0 (max rate) or positive, got " + producerRatePerSecond);
        }
        if (!(randomBytesRatio >= 0 && randomBytesRatio <= 1)) {
            throw new UsageException("randomBytesRatio must be between 0 and 1, got " + randomBytesRatio);
        }
        if (!(consumerBacklogSizeGB >= 0)) {
            throw new UsageException("consumerBacklogSizeGB must not be negative, got " + consumerBacklogSizeGB);
        }
        if (!(backlogDrainRatio > 0 && backlogDrainRatio <= 1)) {
            throw new UsageException("backlogDrainRatio must be above 0 and at most 1, got " + backlogDrainRatio);
        }
        Objects.requireNonNull(testDuration, "testDuration");
        Objects.requireNonNull(warmupDuration, "warmupDuration");
        if (testDuration.isNegative() || testDuration.isZero()) {
            throw new UsageException("testDurationMinutes must be positive, got " + testDuration.toMinutes());
        }
        if (warmupDuration.isNegative()) {
            throw new UsageException("warmupDurationMinutes must not be negative");
        }
        keyDistributor = keyDistributor == null ? KeyDistributor.NO_KEY : keyDistributor;
        messageSizeDistribution = messageSizeDistribution == null ? Map.of() : Map.copyOf(messageSizeDistribution);
        readNotes = readNotes == null ? List.of() : List.copyOf(readNotes);
    }

    private static void atLeast(String field, int value, int min) {
        if (value < min) {
            throw new UsageException(field + " must be at least " + min + ", got " + value);
        }
    }

    /** The name in mqprobe's scenario and topic terms: lower-case letters, digits and '-' ("1 topic / 1kb" → "1-topic-1kb"). */
    public String slug() {
        String slug = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return slug.isEmpty() ? "omb" : slug;
    }
}
