package io.mqprobe.workers;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Durability;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.ProducerProfile;
import io.mqprobe.testing.InstantProducer;

import java.util.Map;

/** Producers acknowledged at once: a worker's bookkeeping without a broker (the CLI tests load embedded Kafka). */
final class InstantDriver implements Driver {

    @Override
    public String id() {
        return "instant";
    }

    @Override
    public ClusterAdmin admin() {
        throw new UnsupportedOperationException("no admin here");
    }

    @Override
    public MessageProducer newProducer(ClientSettings settings) {
        return new InstantProducer(Map.of("request-latency-avg", 2.0));
    }

    @Override
    public MessageConsumer newConsumer(ClientSettings settings) {
        throw new UnsupportedOperationException("no consumers here");
    }

    @Override
    public DurabilitySettings durability(Durability level, int replicationFactor) {
        return new DurabilitySettings(Map.of(), Map.of());
    }

    @Override
    public Map<String, String> producerDefaults(ProducerProfile profile) {
        return Map.of();
    }

    @Override
    public void close() {
    }
}
