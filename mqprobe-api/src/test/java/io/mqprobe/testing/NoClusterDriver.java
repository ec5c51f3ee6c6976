package io.mqprobe.testing;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Durability;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.ProducerProfile;

import java.util.Map;

/** A driver of no cluster: every client and admin call is refused; tests override the clients they script. */
public class NoClusterDriver implements Driver {

    @Override
    public String id() {
        return "fake";
    }

    @Override
    public ClusterAdmin admin() {
        throw new UnsupportedOperationException("no admin here");
    }

    @Override
    public MessageProducer newProducer(ClientSettings settings) {
        throw new UnsupportedOperationException("no producers here");
    }

    @Override
    public MessageConsumer newConsumer(ClientSettings settings) {
        throw new UnsupportedOperationException("no consumers here");
    }

    @Override
    public DurabilitySettings durability(Durability level, int replicationFactor) {
        throw new UnsupportedOperationException("no durability here");
    }

    @Override
    public Map<String, String> producerDefaults(ProducerProfile profile) {
        return Map.of();
    }

    @Override
    public void close() {
    }
}
