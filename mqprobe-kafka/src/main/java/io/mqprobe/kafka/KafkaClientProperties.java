package io.mqprobe.kafka;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.SecretRedaction;
import io.mqprobe.api.Target;
import io.mqprobe.api.TargetUnreachableException;
import io.mqprobe.api.UsageException;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;

/**
 * Builds client configs: mqprobe's few defaults first, then the target's settings (security), then the
 * client's own settings, so whatever the user passes wins. Kafka's config is passed through, not re-modelled.
 */
final class KafkaClientProperties {

    private KafkaClientProperties() {
    }

    /** Admin calls never wait longer than these, whatever the connect timeout. */
    static Properties admin(Target target) {
        long connectMs = target.connectTimeout().toMillis();
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, target.bootstrap());
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "mqprobe-admin");
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(requestTimeoutMs(target.connectTimeout())));
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(apiTimeoutMs(target.connectTimeout())));
        p.put(AdminClientConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MS_CONFIG, Long.toString(Math.min(connectMs, 10_000)));
        p.put(AdminClientConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MAX_MS_CONFIG, Long.toString(Math.min(connectMs, 10_000)));
        p.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "1000");
        p.putAll(target.clientProperties());
        return p;
    }

    static long requestTimeoutMs(Duration connectTimeout) {
        return Math.max(connectTimeout.toMillis(), 15_000);
    }

    static long apiTimeoutMs(Duration connectTimeout) {
        return Math.max(connectTimeout.toMillis(), 30_000);
    }

    static Properties producer(Target target, ClientSettings settings) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, target.bootstrap());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, settings.clientId());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.putAll(target.clientProperties());
        p.putAll(settings.properties());
        return p;
    }

    /** Reads from the earliest offset by default: a consumer that joins after the first sends must still see them. */
    static Properties consumer(Target target, ClientSettings settings) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, target.bootstrap());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, settings.clientId());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, settings.groupId() != null ? settings.groupId() : "mqprobe-" + settings.clientId());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.putAll(target.clientProperties());
        p.putAll(settings.properties());
        return p;
    }

    /**
     * Turns a failure to construct a client into mqprobe's exceptions. Kafka quotes rejected values in its
     * messages, so secret values are masked first.
     */
    static RuntimeException constructionFailure(RuntimeException e, Target target, Map<String, String> settings) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConfigException config) {
                String message = redact(config.getMessage(), target.clientProperties(), settings);
                if (message.contains("No resolvable bootstrap urls")) {
                    return new TargetUnreachableException("Couldn't resolve any Kafka bootstrap address in '" + target.bootstrap() + "'");
                }
                if (message.contains(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG)) {
                    return new UsageException("bad bootstrap address '" + target.bootstrap() + "': " + message);
                }
                return new UsageException("bad Kafka client setting: " + message);
            }
        }
        return e;
    }

    static String redact(String message, Map<String, String> targetProperties, Map<String, String> settings) {
        String safe = message == null ? "" : message;
        for (Map<String, String> props : java.util.List.of(targetProperties, settings)) {
            for (Map.Entry<String, String> e : props.entrySet()) {
                if (SecretRedaction.isSecret(e.getKey()) && e.getValue() != null && !e.getValue().isEmpty()) {
                    safe = safe.replace(e.getValue(), SecretRedaction.MASK);
                }
            }
        }
        return safe;
    }
}
