package io.mqprobe.workers;

import io.mqprobe.api.SendCallback;
import io.mqprobe.stamp.MessageStamp;
import io.mqprobe.stamp.NanoClock;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Durability;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.testing.InstantProducer;
import io.mqprobe.testing.NoClusterDriver;

import java.util.List;
import java.util.Map;

/** Producers acknowledged at once: a worker's bookkeeping without a broker (the CLI tests load embedded Kafka). */
final class InstantDriver extends NoClusterDriver {

    /** Each send's stamped time beside the machine's clock when it was sent, or {@code null} when nobody asks. */
    private final List<long[]> stampedAndSent;

    InstantDriver() {
        this(null);
    }

    /** @param stampedAndSent receives, per send, {stamped send time, the machine's time at the send} in µs */
    InstantDriver(List<long[]> stampedAndSent) {
        this.stampedAndSent = stampedAndSent;
    }

    @Override
    public String id() {
        return "instant";
    }

    @Override
    public MessageProducer newProducer(ClientSettings settings) {
        InstantProducer instant = new InstantProducer(Map.of("request-latency-avg", 2.0));
        if (stampedAndSent == null) {
            return instant;
        }
        return new MessageProducer() {
            @Override
            public void send(String topic, byte[] value, long token, SendCallback callback) {
                stampedAndSent.add(new long[] {MessageStamp.sendEpochMicros(value), NanoClock.SYSTEM.epochMicros()});
                instant.send(topic, value, token, callback);
            }

            @Override
            public void flush() {
            }

            @Override
            public Map<String, Double> clientMetrics() {
                return instant.clientMetrics();
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public DurabilitySettings durability(Durability level, int replicationFactor) {
        return new DurabilitySettings(Map.of(), Map.of());
    }
}
