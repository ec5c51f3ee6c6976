package io.mqprobe.rocketmq.embedded;

import io.mqprobe.embedded.SharedEmbeddedCluster;

import java.time.Duration;

/** The one embedded RocketMQ cluster (a name server and one master) that the integration test classes of this module share. */
public final class SharedRocketMqCluster extends SharedEmbeddedCluster<EmbeddedRocketMqCluster> {

    /** The shared cluster; only valid in classes extended with this extension. */
    public static EmbeddedRocketMqCluster cluster() {
        return running(SharedRocketMqCluster.class);
    }

    @Override
    protected EmbeddedRocketMqCluster start() {
        return EmbeddedRocketMqCluster.start(RocketMqClusterOptions.defaults()
                .withBrokerHeapBytes(512L << 20).withStartTimeout(Duration.ofMinutes(2)));
    }
}
