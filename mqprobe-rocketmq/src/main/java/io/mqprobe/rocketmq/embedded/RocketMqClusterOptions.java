package io.mqprobe.rocketmq.embedded;

import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.isolation.IsolationOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * How to start an embedded RocketMQ cluster. Heaps default to what worked on a 2-core, 24 GiB box: broker 1 GiB
 * (young generation half of it, 1 GiB direct memory), name server 512 MiB.
 *
 * @param runDir          where the nodes' configs, stores and logs go; {@code null} = a fresh temp dir
 * @param brokerOverrides broker settings applied over mqprobe's (e.g. {@code sendMessageThreadPoolNums})
 * @param isolation       cgroups for the brokers (CPU, memory, disk writes), as for Kafka's; the name server runs unconfined
 */
public record RocketMqClusterOptions(RocketMqLayout layout, Path runDir, long brokerHeapBytes, long nameServerHeapBytes,
                                     Duration startTimeout, boolean keepRunDir, Map<String, String> brokerOverrides,
                                     IsolationOptions isolation) {

    public RocketMqClusterOptions {
        if (brokerHeapBytes < (256L << 20) || nameServerHeapBytes < (128L << 20)) {
            throw new UsageException("an embedded RocketMQ broker needs at least 256 MiB of heap, a name server 128 MiB");
        }
        brokerOverrides = Map.copyOf(brokerOverrides);
        if (isolation == null) {
            isolation = IsolationOptions.NONE;
        }
        if (isolation.brokerNet() != null) {
            throw new UsageException("--broker-net is not available for the embedded RocketMQ cluster (its name server and "
                    + "brokers share loopback); --broker-spec and --broker-disk are");
        }
    }

    public static RocketMqClusterOptions defaults() {
        return new RocketMqClusterOptions(RocketMqLayout.singleMaster(), null, 1L << 30, 512L << 20,
                Duration.ofMinutes(2), false, Map.of(), IsolationOptions.NONE);
    }

    public RocketMqClusterOptions withLayout(RocketMqLayout l) {
        return new RocketMqClusterOptions(l, runDir, brokerHeapBytes, nameServerHeapBytes, startTimeout, keepRunDir, brokerOverrides, isolation);
    }

    public RocketMqClusterOptions withRunDir(Path dir) {
        return new RocketMqClusterOptions(layout, dir, brokerHeapBytes, nameServerHeapBytes, startTimeout, keepRunDir, brokerOverrides, isolation);
    }

    public RocketMqClusterOptions withBrokerHeapBytes(long bytes) {
        return new RocketMqClusterOptions(layout, runDir, bytes, nameServerHeapBytes, startTimeout, keepRunDir, brokerOverrides, isolation);
    }

    public RocketMqClusterOptions withStartTimeout(Duration timeout) {
        return new RocketMqClusterOptions(layout, runDir, brokerHeapBytes, nameServerHeapBytes, timeout, keepRunDir, brokerOverrides, isolation);
    }

    public RocketMqClusterOptions withKeepRunDir(boolean keep) {
        return new RocketMqClusterOptions(layout, runDir, brokerHeapBytes, nameServerHeapBytes, startTimeout, keep, brokerOverrides, isolation);
    }

    public RocketMqClusterOptions withBrokerOverrides(Map<String, String> overrides) {
        return new RocketMqClusterOptions(layout, runDir, brokerHeapBytes, nameServerHeapBytes, startTimeout, keepRunDir, overrides, isolation);
    }

    /** Confines the brokers; a {@code --broker-spec} also sets their heap (half its memory, as for Kafka). */
    public RocketMqClusterOptions withIsolation(IsolationOptions options) {
        long heap = options.brokerSpec() != null ? options.brokerSpec().heapBytes() : brokerHeapBytes;
        return new RocketMqClusterOptions(layout, runDir, heap, nameServerHeapBytes, startTimeout, keepRunDir, brokerOverrides, options);
    }
}
