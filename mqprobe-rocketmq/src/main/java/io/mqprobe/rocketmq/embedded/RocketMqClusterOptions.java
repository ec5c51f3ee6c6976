package io.mqprobe.rocketmq.embedded;

import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.ClusterOptions;
import io.mqprobe.embedded.NodeGroupOptions;
import io.mqprobe.embedded.isolation.IsolationOptions;

/**
 * How to start an embedded RocketMQ cluster. Heaps default to what worked on a 2-core, 24 GiB box: broker 1 GiB
 * (young generation half of it, 1 GiB direct memory), name server 512 MiB.
 *
 * @param group run dir, start timeout, broker settings applied over mqprobe's (e.g. {@code sendMessageThreadPoolNums}),
 *              isolation: cgroups for the brokers (CPU, memory, disk writes), as for Kafka's; the name server runs
 *              unconfined
 */
public record RocketMqClusterOptions(RocketMqLayout layout, long brokerHeapBytes, long nameServerHeapBytes,
                                     NodeGroupOptions group) implements ClusterOptions<RocketMqClusterOptions> {

    public RocketMqClusterOptions {
        if (brokerHeapBytes < (256L << 20) || nameServerHeapBytes < (128L << 20)) {
            throw new UsageException("an embedded RocketMQ broker needs at least 256 MiB of heap, a name server 128 MiB");
        }
        if (group.isolation().brokerNet() != null) {
            throw new UsageException("--broker-net is not available for the embedded RocketMQ cluster (its name server and "
                    + "brokers share loopback); --broker-spec and --broker-disk are");
        }
    }

    public static RocketMqClusterOptions defaults() {
        return new RocketMqClusterOptions(RocketMqLayout.singleMaster(), 1L << 30, 512L << 20, NodeGroupOptions.defaults());
    }

    public RocketMqClusterOptions withLayout(RocketMqLayout l) {
        return new RocketMqClusterOptions(l, brokerHeapBytes, nameServerHeapBytes, group);
    }

    public RocketMqClusterOptions withBrokerHeapBytes(long bytes) {
        return new RocketMqClusterOptions(layout, bytes, nameServerHeapBytes, group);
    }

    @Override
    public RocketMqClusterOptions withGroup(NodeGroupOptions options) {
        return new RocketMqClusterOptions(layout, brokerHeapBytes, nameServerHeapBytes, options);
    }

    /** Confines the brokers; a {@code --broker-spec} also sets their heap (half its memory, as for Kafka). */
    @Override
    public RocketMqClusterOptions withIsolation(IsolationOptions options) {
        return new RocketMqClusterOptions(layout, options.brokerHeapBytes(brokerHeapBytes), nameServerHeapBytes,
                group.withIsolation(options));
    }
}
