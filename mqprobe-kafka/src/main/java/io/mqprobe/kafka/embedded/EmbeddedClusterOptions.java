package io.mqprobe.kafka.embedded;

import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.ClusterOptions;
import io.mqprobe.embedded.NodeGroupOptions;

/**
 * How to start an {@link EmbeddedKafkaCluster}; validated here, once, before anything runs.
 *
 * @param brokers   number of brokers, 1 to {@value #MAX_BROKERS}; broker 1 is also the KRaft controller
 * @param heapBytes JVM heap of each broker, at least {@value #MIN_HEAP_BYTES} bytes; a broker spec in the
 *                  isolation sets the heap (half its memory) instead
 * @param ssl       besides the plaintext listener, an SSL listener on every broker (keys made at start into the
 *                  run dir), and replication between brokers over SSL
 * @param group     run dir, start timeout, broker settings written last into every {@code server.properties},
 *                  isolation: what every embedded cluster takes
 */
public record EmbeddedClusterOptions(int brokers, long heapBytes, boolean ssl, NodeGroupOptions group)
        implements ClusterOptions<EmbeddedClusterOptions> {

    public static final int MAX_BROKERS = 9;
    public static final long MIN_HEAP_BYTES = 128L << 20;
    public static final long DEFAULT_HEAP_BYTES = 1L << 30;

    public EmbeddedClusterOptions {
        if (brokers < 1 || brokers > MAX_BROKERS) {
            throw new UsageException("an embedded cluster has 1 to " + MAX_BROKERS + " brokers, got " + brokers);
        }
        if (heapBytes < MIN_HEAP_BYTES) {
            throw new UsageException("broker heap must be at least 128 MiB, got " + heapBytes + " bytes");
        }
    }

    /** Three brokers, 1 GiB heap each, a temporary run dir deleted on close, two minutes to start. */
    public static EmbeddedClusterOptions defaults() {
        return new EmbeddedClusterOptions(3, DEFAULT_HEAP_BYTES, false, NodeGroupOptions.defaults());
    }

    public EmbeddedClusterOptions withBrokers(int brokerCount) {
        return new EmbeddedClusterOptions(brokerCount, heapBytes, ssl, group);
    }

    public EmbeddedClusterOptions withHeapBytes(long bytes) {
        return new EmbeddedClusterOptions(brokers, bytes, ssl, group);
    }

    public EmbeddedClusterOptions withSsl(boolean withSsl) {
        return new EmbeddedClusterOptions(brokers, heapBytes, withSsl, group);
    }

    @Override
    public EmbeddedClusterOptions withGroup(NodeGroupOptions options) {
        return new EmbeddedClusterOptions(brokers, heapBytes, ssl, options);
    }
}
