package io.mqprobe.consume;

import io.mqprobe.api.UsageException;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What to consume.
 *
 * @param topics             topics to subscribe to
 * @param groupId            consumer group
 * @param threads            consumer instances, one thread each
 * @param maxRecords         stop after this many records in total; 0 = until {@code duration} ends
 * @param duration           upper bound, always set so every run stops by itself
 * @param consumerProperties native client settings (fetch sizes etc.), passed through
 */
public record ConsumerLoadSpec(List<String> topics, String groupId, int threads, long maxRecords, Duration duration,
                               Map<String, String> consumerProperties) {

    public ConsumerLoadSpec {
        if (topics == null || topics.isEmpty() || topics.stream().anyMatch(t -> t == null || t.isBlank())) {
            throw new UsageException("a topic is required");
        }
        topics = List.copyOf(topics);
        if (groupId == null || groupId.isBlank()) {
            throw new UsageException("a consumer group is required");
        }
        if (threads < 1 || threads > 1024) {
            throw new UsageException("consumer threads must be between 1 and 1024, got " + threads);
        }
        if (maxRecords < 0) {
            throw new UsageException("number of messages must not be negative, got " + maxRecords);
        }
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new UsageException("duration must be positive");
        }
        consumerProperties = Map.copyOf(consumerProperties);
    }
}
