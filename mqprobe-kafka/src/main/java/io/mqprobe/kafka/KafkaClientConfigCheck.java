package io.mqprobe.kafka;

import io.mqprobe.api.UsageException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/** Checks native client settings against the Kafka clients' own ConfigDefs, without connecting anywhere. */
final class KafkaClientConfigCheck {

    private KafkaClientConfigCheck() {
    }

    static void producer(Map<String, String> settings) {
        check("producer", settings, ProducerConfig.configNames(), props -> {
            props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
            props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
            new ProducerConfig(props);
        });
    }

    static void consumer(Map<String, String> settings) {
        check("consumer", settings, ConsumerConfig.configNames(), props -> {
            props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
            props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
            new ConsumerConfig(props);
        });
    }

    private static void check(String role, Map<String, String> settings, Set<String> known, Consumer<Map<String, Object>> parse) {
        for (String key : settings.keySet()) {
            if (!known.contains(key)) {
                throw new UsageException("unknown Kafka " + role + " setting '" + key + "'");
            }
        }
        Map<String, Object> props = new HashMap<>(settings);
        // a placeholder address: parsing checks the values, it never connects
        props.put("bootstrap.servers", "127.0.0.1:9092");
        try {
            parse.accept(props);
        } catch (ConfigException e) {
            throw new UsageException("Kafka " + role + " rejects the setting: " + e.getMessage());
        }
    }
}
