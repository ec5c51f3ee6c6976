package io.mqprobe.kafka;

import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.SendCallback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

import io.mqprobe.api.monitor.Metric;
import org.apache.kafka.common.MetricName;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

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

    /** {@code record-queue-time-avg} and {@code request-latency-avg} of the producer-metrics group (the client's windows). */
    @Override
    public Map<String, Double> clientMetrics() {
        Map<String, Double> out = new HashMap<>();
        for (Map.Entry<MetricName, ? extends org.apache.kafka.common.Metric> e : producer.metrics().entrySet()) {
            MetricName name = e.getKey();
            if (!"producer-metrics".equals(name.group())) {
                continue;
            }
            String ours = switch (name.name()) {
                case "record-queue-time-avg" -> Metric.CLIENT_RECORD_QUEUE_MS;
                case "request-latency-avg" -> Metric.CLIENT_REQUEST_LATENCY_MS;
                default -> null;
            };
            if (ours != null && e.getValue().metricValue() instanceof Number n && Double.isFinite(n.doubleValue())) {
                out.put(ours, n.doubleValue());
            }
        }
        return out;
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
