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
     * The client's own latency figures, keyed by {@link io.mqprobe.api.monitor.Metric} names (e.g. the time a
     * record waited in the client's queue and a request's round trip, in ms); empty when the client has none.
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
