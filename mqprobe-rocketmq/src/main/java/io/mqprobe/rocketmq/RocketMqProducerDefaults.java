package io.mqprobe.rocketmq;

import io.mqprobe.api.Durability;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.ProducerProfile;

import java.util.Map;

/**
 * RocketMQ's names for mqprobe's durability levels and producer profiles. RocketMQ decides replication per
 * broker group, not per send: a master configured {@code SYNC_MASTER} answers once a slave has the message,
 * an {@code ASYNC_MASTER} at once. So a producer can only choose to hear back at all ({@code oneway} does not);
 * what "all replicas" means is the cluster's replication mode, which the result records.
 */
final class RocketMqProducerDefaults {

    private RocketMqProducerDefaults() {
    }

    /** The client's own defaults for every profile: DefaultMQProducer has no batching knob to tune for capacity. */
    static Map<String, String> of(ProducerProfile profile) {
        return switch (profile) {
            case CAPACITY, DELIVERY_CHECK, PLAIN -> Map.of();
        };
    }

    static DurabilitySettings durability(Durability level, int replicationFactor) {
        return switch (level) {
            case NONE -> new DurabilitySettings(Map.of(RocketMqClientConfig.SEND_MODE, "oneway"), Map.of());
            case LEADER, ALL_REPLICAS -> new DurabilitySettings(Map.of(), Map.of());
        };
    }
}
