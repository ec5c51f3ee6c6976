package io.mqprobe.kafka;

import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.SendCallback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

import java.time.Duration;

/** A {@link MessageProducer} over one {@code KafkaProducer<byte[], byte[]>}; records have no key. */
final class KafkaMessageProducer implements MessageProducer {

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final Producer<byte[], byte[]> producer;

    KafkaMessageProducer(Producer<byte[], byte[]> producer) {
        this.producer = producer;
    }

    @Override
    public void send(String topic, byte[] value, long token, SendCallback callback) {
        try {
            // No copy of value: KafkaProducer runs the (identity) ByteArraySerializer and appends the bytes
            // into its record batch buffer inside send(), so the caller may overwrite the array once we return.
            producer.send(new ProducerRecord<>(topic, value), (metadata, error) -> callback.onSendComplete(token, error));
        } catch (RuntimeException e) {
            // KafkaProducer reports broker-side (ApiException) failures through the callback itself, but throws
            // the rest (closed producer, interrupted while blocked on buffer memory): same path for the caller.
            callback.onSendComplete(token, e);
        }
    }

    @Override
    public void awaitMetadata(String topic) {
        try {
            producer.partitionsFor(topic);
        } catch (RuntimeException e) {
            // the first send reports the same failure (unknown topic, no broker) through its callback
        }
    }

    @Override
    public void flush() {
        producer.flush();
    }

    @Override
    public void close() {
        producer.close(CLOSE_TIMEOUT);
    }
}
