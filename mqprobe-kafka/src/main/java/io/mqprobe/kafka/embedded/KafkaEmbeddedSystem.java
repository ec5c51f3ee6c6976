package io.mqprobe.kafka.embedded;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.embedded.EmbeddedSpec;
import io.mqprobe.embedded.EmbeddedSystem;
import io.mqprobe.kafka.KafkaDriverFactory;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/** Kafka as an embedded cluster: 1 to 9 KRaft brokers, SSL and broker overrides as asked, confined by default. */
public final class KafkaEmbeddedSystem implements EmbeddedSystem {

    @Override
    public String driverId() {
        return KafkaDriverFactory.ID;
    }

    @Override
    public String name() {
        return "Kafka";
    }

    @Override
    public boolean isolatedByDefault() {
        return true;
    }

    @Override
    public String describe(EmbeddedSpec spec) {
        return HumanUnits.counted(spec.brokers(), "broker");
    }

    @Override
    public EmbeddedCluster start(EmbeddedSpec spec, Consumer<String> notice) {
        EmbeddedClusterOptions options = EmbeddedClusterOptions.defaults().withBrokers(spec.brokers()).withRunDir(spec.runDir())
                .withIsolation(spec.isolation()).withSsl(spec.ssl()).withBrokerOverrides(spec.brokerOverrides());
        return EmbeddedKafkaCluster.start(spec.heapBytes() > 0 ? options.withHeapBytes(spec.heapBytes()) : options, notice);
    }

    @Override
    public Optional<EmbeddedCluster> attach(Path stateDir) {
        return EmbeddedKafkaCluster.attach(stateDir).map(c -> c);
    }
}
