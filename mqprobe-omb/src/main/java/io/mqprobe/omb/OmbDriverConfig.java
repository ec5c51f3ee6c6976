package io.mqprobe.omb;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An OMB driver file for Kafka ({@code driver-kafka/*.yaml}): the native settings pass through as maps, as
 * mqprobe does with every client setting.
 *
 * @param driverId     the mqprobe driver OMB's {@code driverClass} maps to
 * @param topicConfig  native topic settings for every topic the workload creates
 * @param commonConfig settings of every client; {@code bootstrap.servers} names the cluster (absent: embedded)
 */
public record OmbDriverConfig(String name, String driverClass, String driverId, int replicationFactor, boolean reset,
                              Map<String, String> topicConfig, Map<String, String> commonConfig,
                              Map<String, String> producerConfig, Map<String, String> consumerConfig) {

    public static final String BOOTSTRAP_SERVERS = "bootstrap.servers";

    public OmbDriverConfig {
        topicConfig = Map.copyOf(topicConfig);
        commonConfig = Map.copyOf(commonConfig);
        producerConfig = Map.copyOf(producerConfig);
        consumerConfig = Map.copyOf(consumerConfig);
    }

    /** The cluster the file names, if any. */
    public Optional<String> bootstrapServers() {
        return Optional.ofNullable(commonConfig.get(BOOTSTRAP_SERVERS)).map(String::trim).filter(s -> !s.isEmpty());
    }

    /** What the producers get: the common settings (the address aside, the session's business) under the producer's. */
    public Map<String, String> producerProperties() {
        return clientProperties(producerConfig);
    }

    public Map<String, String> consumerProperties() {
        return clientProperties(consumerConfig);
    }

    private Map<String, String> clientProperties(Map<String, String> own) {
        Map<String, String> merged = new LinkedHashMap<>(commonConfig);
        merged.remove(BOOTSTRAP_SERVERS);
        merged.putAll(own);
        return merged;
    }
}
