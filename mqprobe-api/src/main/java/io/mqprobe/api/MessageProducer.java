package io.mqprobe.api;

/** One producer client. Thread-safe: several sender threads may share it. */
public interface MessageProducer extends AutoCloseable {

    /**
     * Sends one message asynchronously. The callback runs on the client's I/O thread once the
     * broker acknowledged (or the send failed); it must be quick and must not block.
     * A failure the client reports synchronously is delivered through the callback too.
     *
     * @param topic    destination topic
     * @param value    message body; the caller may overwrite it as soon as this method returns,
     *                 so a driver whose client keeps the reference must copy it
     * @param token    opaque number handed back to the callback (mqprobe passes the stream's slot)
     * @param callback completion callback
     */
    void send(String topic, byte[] value, long token, SendCallback callback);

    /**
     * Sends one message with a key, otherwise as {@link #send(String, byte[], long, SendCallback)}: the key chooses the
     * partition (the same key, the same partition, in order). The caller never changes {@code key}, so a driver may
     * keep the reference. A driver that cannot lists {@link Capability#KEYED_SENDS} as unsupported.
     */
    default void send(String topic, byte[] key, byte[] value, long token, SendCallback callback) {
        throw new UnsupportedOperationException("this driver sends without keys");
    }

    /**
     * The client's own figures: latencies keyed by {@link io.mqprobe.api.monitor.Metric} names (the time a record
     * waited in the client's queue and a request's round trip, in ms), and averages a sweep compares keyed by the
     * client's own metric names; empty when the client has none. Read before {@link #close()}.
     */
    default java.util.Map<String, Double> clientMetrics() {
        return java.util.Map.of();
    }

    /**
     * Blocks until the client knows where to send to {@code topic} (its first metadata fetch), so that
     * one-time cost lands before a paced schedule starts instead of in the first messages' latency.
     */
    default void awaitMetadata(String topic) {
    }

    /** Blocks until every message sent so far is acknowledged or failed. */
    void flush();

    @Override
    void close();
}
