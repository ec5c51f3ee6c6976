package io.mqprobe.api;

import java.util.Map;

/**
 * What a driver sets for one {@link Durability} level: native producer settings and native topic
 * settings (for Kafka {@code acks} and {@code min.insync.replicas}).
 */
public record DurabilitySettings(Map<String, String> producerProperties, Map<String, String> topicConfigs) {

    public DurabilitySettings {
        producerProperties = Map.copyOf(producerProperties);
        topicConfigs = Map.copyOf(topicConfigs);
    }
}
