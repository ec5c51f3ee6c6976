package io.mqprobe.consume;

import io.mqprobe.api.UsageException;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * What to consume.
 *
 * @param topics             topics to subscribe to
 * @param groupId            consumer group, or the groups' common prefix when there are several
 * @param threads            consumer instances in each group, one thread each
 * @param maxRecords         stop after this many records in total; 0 = until {@code duration} ends
 * @param duration           upper bound, always set so every run stops by itself
 * @param consumerProperties native client settings (fetch sizes etc.), passed through
 * @param groups             independent consumer groups (OMB's subscriptions), each reading every message
 */
public record ConsumerLoadSpec(List<String> topics, String groupId, int threads, long maxRecords, Duration duration,
                               Map<String, String> consumerProperties, int groups) {

    /** The most consumers one group runs (a thread each). */
    public static final int MAX_THREADS = 1024;

    /** The most consumer groups one load runs, a bound on what a workload file can ask for. */
    public static final int MAX_GROUPS = 100;

    /** One consumer group. */
    public ConsumerLoadSpec(List<String> topics, String groupId, int threads, long maxRecords, Duration duration,
                            Map<String, String> consumerProperties) {
        this(topics, groupId, threads, maxRecords, duration, consumerProperties, 1);
    }

    public ConsumerLoadSpec {
        if (topics == null || topics.isEmpty() || topics.stream().anyMatch(t -> t == null || t.isBlank())) {
            throw new UsageException("a topic is required");
        }
        topics = List.copyOf(topics);
        if (groupId == null || groupId.isBlank()) {
            throw new UsageException("a consumer group is required");
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw new UsageException("consumer threads must be between 1 and " + MAX_THREADS + ", got " + threads);
        }
        if (maxRecords < 0) {
            throw new UsageException("number of messages must not be negative, got " + maxRecords);
        }
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new UsageException("duration must be positive");
        }
        consumerProperties = Map.copyOf(consumerProperties);
        if (groups < 1 || groups > MAX_GROUPS) {
            throw new UsageException("consumer groups must be between 1 and " + MAX_GROUPS + ", got " + groups);
        }
    }

    /** The same readers on other topics (a soak's correction reads its fresh topic). */
    public ConsumerLoadSpec withTopics(List<String> newTopics) {
        return new ConsumerLoadSpec(newTopics, groupId, threads, maxRecords, duration, consumerProperties, groups);
    }

    /**
     * This load split over {@code workers}: every group's consumer threads dealt out as evenly as they go (fewer shares
     * than workers when threads are few), each share keeping every group (its threads join the same groups, so the
     * groups' partitions spread over all the shares). A record budget is not split: which share reads how much depends
     * on the partitions it is assigned, so the shares read on and the whole load stops at the budget.
     */
    public List<ConsumerLoadSpec> shares(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("a load needs at least one worker, got " + workers);
        }
        int count = Math.min(workers, threads);
        if (count == 1) {
            return List.of(this);
        }
        List<ConsumerLoadSpec> shares = new java.util.ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int shareThreads = threads / count + (i < threads % count ? 1 : 0);
            shares.add(new ConsumerLoadSpec(topics, groupId, shareThreads, 0, duration, consumerProperties, groups));
        }
        return shares;
    }

    /** The groups' names: {@code groupId} itself when there is one, else {@code groupId-0 .. groupId-(groups-1)}. */
    public List<String> groupIds() {
        return groups == 1 ? List.of(groupId) : IntStream.range(0, groups).mapToObj(g -> groupId + "-" + g).toList();
    }
}
