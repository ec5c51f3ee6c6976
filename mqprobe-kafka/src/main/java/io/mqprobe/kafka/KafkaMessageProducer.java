package io.mqprobe.kafka;

import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.SendCallback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

import io.mqprobe.api.monitor.Metric;
import org.apache.kafka.common.MetricName;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** A {@link MessageProducer} over one {@code KafkaProducer<byte[], byte[]>}; records have a key only when one is given. */
final class KafkaMessageProducer implements MessageProducer {

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    /** Client averages a sweep compares between settings (KafkaProducer's own names). */
    private static final Set<String> REPORTED = Set.of("batch-size-avg", "records-per-request-avg", "compression-rate-avg",
            "record-size-avg", "request-latency-avg", "record-error-total", "record-retry-total", "bufferpool-wait-ratio");

    private final Producer<byte[], byte[]> producer;

    KafkaMessageProducer(Producer<byte[], byte[]> producer) {
        this.producer = producer;
    }

    @Override
    public void send(String topic, byte[] value, long token, SendCallback callback) {
        send(topic, null, value, token, callback);
    }

    @Override
    public void send(String topic, byte[] key, byte[] value, long token, SendCallback callback) {
        try {
            // No copy of value: KafkaProducer runs the (identity) ByteArraySerializer and appends the bytes
            // into its record batch buffer inside send(), so the caller may overwrite the array once we return.
            producer.send(new ProducerRecord<>(topic, key, value), (metadata, error) -> callback.onSendComplete(token, error));
        } catch (RuntimeException e) {
            // KafkaProducer reports broker-side (ApiException) failures through the callback itself, but throws
            // the rest (closed producer, interrupted while blocked on buffer memory): same path for the caller.
            callback.onSendComplete(token, e);
        }
    }

    /**
     * The client's own figures: {@code record-queue-time-avg} and {@code request-latency-avg} under mqprobe's
     * metric names (the latency breakdown), and the averages a sweep compares under KafkaProducer's names.
     */
    @Override
    public Map<String, Double> clientMetrics() {
        Map<String, Double> out = new TreeMap<>();
        for (Map.Entry<MetricName, ? extends org.apache.kafka.common.Metric> e : producer.metrics().entrySet()) {
            MetricName name = e.getKey();
            if (!"producer-metrics".equals(name.group()) || !(e.getValue().metricValue() instanceof Number n)
                    || !Double.isFinite(n.doubleValue())) {
                continue;
            }
            switch (name.name()) {
                case "record-queue-time-avg" -> out.put(Metric.CLIENT_RECORD_QUEUE_MS, n.doubleValue());
                case "request-latency-avg" -> out.put(Metric.CLIENT_REQUEST_LATENCY_MS, n.doubleValue());
                default -> { }
            }
            if (REPORTED.contains(name.name())) {
                out.put(name.name(), n.doubleValue());
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
