package io.mqprobe.kafka.embedded;

import io.mqprobe.embedded.SharedEmbeddedCluster;

import java.time.Duration;

/** The one 3-broker embedded cluster that every integration test class of this module shares. */
public final class SharedKafkaCluster extends SharedEmbeddedCluster<EmbeddedKafkaCluster> {

    public static final int BROKERS = 3;

    /** The shared cluster; only valid in classes extended with this extension. */
    public static EmbeddedKafkaCluster cluster() {
        return running(SharedKafkaCluster.class);
    }

    @Override
    protected EmbeddedKafkaCluster start() {
        return EmbeddedKafkaCluster.start(EmbeddedClusterOptions.defaults().withBrokers(BROKERS).withStartTimeout(Duration.ofMinutes(2)));
    }
}
