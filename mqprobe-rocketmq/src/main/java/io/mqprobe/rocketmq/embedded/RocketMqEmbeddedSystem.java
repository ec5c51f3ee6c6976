package io.mqprobe.rocketmq.embedded;

import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.embedded.EmbeddedSpec;
import io.mqprobe.embedded.EmbeddedSystem;
import io.mqprobe.rocketmq.RocketMqDriverFactory;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * RocketMQ as an embedded cluster: a name server and a master, or a master and two slaves (1 or 3 brokers) in the
 * spec's replication and flush modes; started without isolation unless asked.
 */
public final class RocketMqEmbeddedSystem implements EmbeddedSystem {

    @Override
    public String driverId() {
        return RocketMqDriverFactory.ID;
    }

    @Override
    public String name() {
        return "RocketMQ";
    }

    @Override
    public String addressName() {
        return "namesrv";
    }

    @Override
    public String describe(EmbeddedSpec spec) {
        return layout(spec).toString();
    }

    @Override
    public EmbeddedCluster start(EmbeddedSpec spec, Consumer<String> notice) {
        RocketMqClusterOptions options = RocketMqClusterOptions.defaults().withLayout(layout(spec)).withRunDir(spec.runDir());
        options = spec.heapBytes() > 0 ? options.withBrokerHeapBytes(spec.heapBytes()) : options;
        return EmbeddedRocketMqCluster.start(options.withIsolation(spec.isolation()), notice);
    }

    @Override
    public Optional<EmbeddedCluster> attach(Path stateDir) {
        return EmbeddedRocketMqCluster.attach(stateDir).map(c -> c);
    }

    private static RocketMqLayout layout(EmbeddedSpec spec) {
        return switch (spec.brokers()) {
            case 1 -> RocketMqLayout.singleMaster().withFlush(spec.flush());
            case 3 -> RocketMqLayout.masterSlave(spec.replication(), spec.flush());
            default -> throw new UsageException("an embedded RocketMQ cluster has 1 broker (a master) or 3 (a master and "
                    + "two slaves), not " + spec.brokers());
        };
    }
}
