package io.mqprobe.kafka;

import io.mqprobe.api.BrokerSetting;
import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Durability;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.ProducerProfile;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.Target;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;

import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

/** A connection to one Kafka cluster: a shared admin client, and new producer and consumer clients on demand. */
final class KafkaDriver implements Driver {

    static final String RETENTION_CHECK_INTERVAL = "log.retention.check.interval.ms";

    private final Target target;
    private final Admin admin;
    private final KafkaClusterAdmin clusterAdmin;

    KafkaDriver(Target target, Admin admin) {
        this.target = target;
        this.admin = admin;
        this.clusterAdmin = new KafkaClusterAdmin(admin, target);
    }

    @Override
    public String id() {
        return KafkaDriverFactory.ID;
    }

    @Override
    public ClusterAdmin admin() {
        return clusterAdmin;
    }

    @Override
    public MessageProducer newProducer(ClientSettings settings) {
        try {
            return new KafkaMessageProducer(new KafkaProducer<>(KafkaClientProperties.producer(target, settings)));
        } catch (RuntimeException e) {
            throw KafkaClientProperties.constructionFailure(e, target, settings.properties());
        }
    }

    @Override
    public MessageConsumer newConsumer(ClientSettings settings) {
        try {
            return new KafkaMessageConsumer(new KafkaConsumer<>(KafkaClientProperties.consumer(target, settings)));
        } catch (RuntimeException e) {
            throw KafkaClientProperties.constructionFailure(e, target, settings.properties());
        }
    }

    @Override
    public DurabilitySettings durability(Durability level, int replicationFactor) {
        return KafkaProducerDefaults.durability(level, replicationFactor);
    }

    @Override
    public Map<String, String> producerDefaults(ProducerProfile profile) {
        return KafkaProducerDefaults.of(profile);
    }

    @Override
    public Map<String, String> replicaSizeLimit(long bytesPerReplica) {
        return KafkaProducerDefaults.replicaSizeLimit(bytesPerReplica);
    }

    /**
     * Kafka deletes segments past {@code retention.bytes} only when its retention check runs, every
     * {@code log.retention.check.interval.ms} (5 min by default, a static setting); empty when it cannot be read.
     */
    @Override
    public Optional<Duration> replicaSizeLimitEnforcedEvery() {
        try {
            return clusterAdmin.describeBrokers().stream()
                    .map(broker -> clusterAdmin.brokerSetting(broker.id(), RETENTION_CHECK_INTERVAL))
                    .filter(setting -> setting != null && setting.value() != null)
                    .map(BrokerSetting::value)
                    .map(ms -> Duration.ofMillis(Long.parseLong(ms)))
                    .max(Comparator.naturalOrder());
        } catch (RuntimeException e) {
            return Optional.empty();   // not allowed to describe configs (ACLs): the budget's watch still stops the run
        }
    }

    @Override
    public String replicaSizeLimitEnforcementSetting() {
        return RETENTION_CHECK_INTERVAL;
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(5));
    }

    @Override
    public String toString() {
        return "KafkaDriver[" + target + "]";
    }
}
