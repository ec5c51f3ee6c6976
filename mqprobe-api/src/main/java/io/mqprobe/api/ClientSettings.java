package io.mqprobe.api;

import java.util.Map;

/**
 * Settings of one producer or consumer client.
 *
 * @param clientId   id the client announces to the broker (shows up in broker logs and quotas)
 * @param groupId    consumer group, or {@code null} for producers
 * @param properties native client settings passed through untouched (they win over driver defaults)
 */
public record ClientSettings(String clientId, String groupId, Map<String, String> properties) {

    public ClientSettings {
        properties = Map.copyOf(properties);
    }

    public static ClientSettings producer(String clientId, Map<String, String> properties) {
        return new ClientSettings(clientId, null, properties);
    }

    public static ClientSettings consumer(String clientId, String groupId, Map<String, String> properties) {
        return new ClientSettings(clientId, groupId, properties);
    }
}
