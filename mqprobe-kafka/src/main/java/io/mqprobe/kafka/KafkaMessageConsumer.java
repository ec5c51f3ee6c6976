package io.mqprobe.kafka;

import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageHandler;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;

import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * A {@link MessageConsumer} over one {@code KafkaConsumer<byte[], byte[]>} in a consumer group.
 * With Kafka's default auto-commit, closing commits what was polled, so group lag reflects it.
 */
final class KafkaMessageConsumer implements MessageConsumer {

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    private final Consumer<byte[], byte[]> consumer;

    KafkaMessageConsumer(Consumer<byte[], byte[]> consumer) {
        this.consumer = consumer;
    }

    @Override
    public void subscribe(Collection<String> topics) {
        consumer.subscribe(List.copyOf(topics));
    }

    @Override
    public int poll(Duration timeout, MessageHandler handler) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(timeout);
        for (ConsumerRecord<byte[], byte[]> record : records) {
            handler.onMessage(record.partition(), record.value());
        }
        return records.count();
    }

    @Override
    public void close() {
        consumer.close(CloseOptions.timeout(CLOSE_TIMEOUT));
    }
}
