package io.mqprobe.cli;

/**
 * One embedded RocketMQ cluster (a name server and one master) for every CLI test class that drives
 * {@code --driver rocketmq} (see {@link SharedClusterUp}).
 */
public final class SharedCliRocketMqCluster extends SharedClusterUp {

    public SharedCliRocketMqCluster() {
        super("rocketmq", "--brokers", "1", "--heap", "512MiB");
    }
}
