package io.mqprobe.omb;

import io.mqprobe.api.SecretRedaction;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An OMB driver file in mqprobe's terms, whichever system it is for: native settings pass through as maps (the
 * file's own, or those OMB's driver would set, named as the client names them), as mqprobe does with every client
 * setting; what mqprobe reads but runs differently is in {@code notes}.
 *
 * @param driverId       the mqprobe driver OMB's {@code driverClass} maps to
 * @param topicConfig    native topic settings for every topic the workload creates
 * @param commonConfig   settings of every client
 * @param clusterAddress the cluster the file names (Kafka's {@code bootstrap.servers}, RocketMQ's {@code namesrvAddr}),
 *                       or {@code null}: the embedded one
 * @param credentials    settings of the connection rather than of a client (RocketMQ's ACL keys, which the admin
 *                       needs too); secret, so never printed
 * @param notes          where mqprobe runs the file differently from OMB
 */
public record OmbDriverConfig(String name, String driverClass, String driverId, int replicationFactor, boolean reset,
                              Map<String, String> topicConfig, Map<String, String> commonConfig,
                              Map<String, String> producerConfig, Map<String, String> consumerConfig,
                              String clusterAddress, Map<String, String> credentials, List<String> notes) {

    public static final String BOOTSTRAP_SERVERS = "bootstrap.servers";

    public OmbDriverConfig {
        topicConfig = Map.copyOf(topicConfig);
        commonConfig = Map.copyOf(commonConfig);
        producerConfig = Map.copyOf(producerConfig);
        consumerConfig = Map.copyOf(consumerConfig);
        clusterAddress = clusterAddress == null || clusterAddress.isBlank() ? null : clusterAddress.trim();
        credentials = Map.copyOf(credentials);
        notes = List.copyOf(notes);
    }

    /** A Kafka driver file: {@code bootstrap.servers} in its commonConfig names the cluster. */
    public OmbDriverConfig(String name, String driverClass, String driverId, int replicationFactor, boolean reset,
                           Map<String, String> topicConfig, Map<String, String> commonConfig,
                           Map<String, String> producerConfig, Map<String, String> consumerConfig) {
        this(name, driverClass, driverId, replicationFactor, reset, topicConfig, commonConfig, producerConfig, consumerConfig,
                commonConfig.get(BOOTSTRAP_SERVERS), Map.of(), List.of());
    }

    /** The cluster the file names, if any. */
    public Optional<String> cluster() {
        return Optional.ofNullable(clusterAddress);
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

    /** Secret-looking values (passwords, JAAS configs, keys) masked, the credentials entirely. */
    @Override
    public String toString() {
        return "OmbDriverConfig[" + name + " " + driverClass + " -> " + driverId + ", replicationFactor=" + replicationFactor
                + ", reset=" + reset + ", topicConfig=" + SecretRedaction.redact(topicConfig)
                + ", commonConfig=" + SecretRedaction.redact(commonConfig)
                + ", producerConfig=" + SecretRedaction.redact(producerConfig)
                + ", consumerConfig=" + SecretRedaction.redact(consumerConfig) + ", cluster=" + clusterAddress
                + ", credentials=" + credentials.keySet() + ", notes=" + notes + "]";
    }
}
