package io.mqprobe.kafka;

import io.mqprobe.api.Durability;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.ProducerProfile;

import java.util.Map;

/** Kafka's names for mqprobe's durability levels and producer profiles: the only place core words become Kafka settings. */
final class KafkaProducerDefaults {

    /** Big batches: the producer spends far less CPU per record, so the client is not the first bottleneck. */
    private static final Map<String, String> CAPACITY = Map.of("batch.size", "1048576", "linger.ms", "5",
            // a smaller buffer keeps an unthrottled client's own queue (and the step's drain) short
            "buffer.memory", "16777216");

    /** Durable, exactly-once-per-partition sending, so any loss or duplicate found is the cluster's doing. */
    private static final Map<String, String> DELIVERY_CHECK = Map.of("acks", "all", "enable.idempotence", "true");

    private KafkaProducerDefaults() {
    }

    static Map<String, String> of(ProducerProfile profile) {
        return switch (profile) {
            case CAPACITY -> CAPACITY;
            case DELIVERY_CHECK -> DELIVERY_CHECK;
            case PLAIN -> Map.of();
        };
    }

    static DurabilitySettings durability(Durability level, int replicationFactor) {
        return switch (level) {
            case NONE -> new DurabilitySettings(Map.of("acks", "0"), Map.of());
            case LEADER -> new DurabilitySettings(Map.of("acks", "1"), Map.of());
            // the field's durable layout: acks=all waits for at least two copies, so one broker down still accepts writes
            case ALL_REPLICAS -> new DurabilitySettings(Map.of("acks", "all"),
                    replicationFactor >= 3 ? Map.of("min.insync.replicas", "2") : Map.of());
        };
    }
}
