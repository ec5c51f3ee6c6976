package io.mqprobe.experiment;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.Durability;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.ProducerProfile;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.testing.InstantProducer;
import io.mqprobe.testing.NoClusterDriver;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A driver whose producers are acknowledged at once, and whose admin only remembers what it was asked:
 * enough to exercise the engine's loop, timing and bookkeeping without a broker (the broker-facing
 * behaviour is proven by the CLI tests against embedded Kafka).
 */
public final class InstantDriver extends NoClusterDriver {

    final List<String> adminCalls = new CopyOnWriteArrayList<>();

    @Override
    public String id() {
        return "instant";
    }

    @Override
    public ClusterAdmin admin() {
        return new EmptyAdmin() {
            @Override
            public void createTopic(TopicSpec spec) {
                adminCalls.add("create " + spec.name());
            }

            @Override
            public void deleteTopics(Collection<String> names) {
                names.forEach(n -> adminCalls.add("delete " + n));
            }

            @Override
            public List<BrokerInfo> describeBrokers() {
                return List.of(new BrokerInfo(3, "127.0.0.1", 9094, null), new BrokerInfo(1, "127.0.0.1", 9092, null));
            }
        };
    }

    @Override
    public MessageProducer newProducer(ClientSettings settings) {
        return new InstantProducer(Map.of("batch-size-avg", 1234.0));
    }


    @Override
    public DurabilitySettings durability(Durability level, int replicationFactor) {
        return new DurabilitySettings(Map.of("wait-for", level.id()), Map.of());
    }

    @Override
    public Map<String, String> producerDefaults(ProducerProfile profile) {
        return Map.of("profile", profile.name());
    }

}
