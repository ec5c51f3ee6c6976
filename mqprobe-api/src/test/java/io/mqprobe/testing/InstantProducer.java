package io.mqprobe.testing;

import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.SendCallback;

import java.util.Map;

/**
 * A producer every send of which is acknowledged at once: the load engine's bookkeeping, pacing and merging without a
 * broker (the broker-facing behaviour is proven against embedded clusters). Shipped in this module's test-jar.
 */
public final class InstantProducer implements MessageProducer {

    private final Map<String, Double> clientMetrics;

    public InstantProducer() {
        this(Map.of());
    }

    /** @param clientMetrics what {@link #clientMetrics()} reports, as a real client's figures would be */
    public InstantProducer(Map<String, Double> clientMetrics) {
        this.clientMetrics = Map.copyOf(clientMetrics);
    }

    @Override
    public void send(String topic, byte[] value, long token, SendCallback callback) {
        callback.onSendComplete(token, null);
    }

    @Override
    public void flush() {
    }

    @Override
    public Map<String, Double> clientMetrics() {
        return clientMetrics;
    }

    @Override
    public void close() {
    }
}
