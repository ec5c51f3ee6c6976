package io.mqprobe.embedded;

import io.mqprobe.embedded.isolation.IsolationOptions;

import java.nio.file.Path;
import java.util.Map;

/**
 * What to start, in the same words for every system: each {@link EmbeddedSystem} builds what it can from it and
 * refuses, in one line, what it cannot (a RocketMQ group of 2 brokers, say).
 *
 * @param heapBytes       broker heap, 0 for the system's default
 * @param ssl             an SSL listener beside the plaintext one, where the system has one
 * @param brokerOverrides native broker settings on top of the system's own
 * @param replication     how a leader answers when it has followers: after they copied a message (sync) or at once
 * @param flush           whether a broker answers after the disk (sync) or the page cache (async) has the message
 */
public record EmbeddedSpec(int brokers, long heapBytes, Path runDir, IsolationOptions isolation, boolean ssl,
                           Map<String, String> brokerOverrides, SyncMode replication, SyncMode flush) {

    public EmbeddedSpec {
        brokerOverrides = Map.copyOf(brokerOverrides);
    }

    /** The system's defaults: its own heap, plaintext only, no overrides, async replication and flush. */
    public static EmbeddedSpec of(int brokers, Path runDir, IsolationOptions isolation) {
        return new EmbeddedSpec(brokers, 0, runDir, isolation, false, Map.of(), SyncMode.ASYNC, SyncMode.ASYNC);
    }

    public EmbeddedSpec withHeapBytes(long bytes) {
        return new EmbeddedSpec(brokers, bytes, runDir, isolation, ssl, brokerOverrides, replication, flush);
    }

    public EmbeddedSpec withSsl(boolean withSsl) {
        return new EmbeddedSpec(brokers, heapBytes, runDir, isolation, withSsl, brokerOverrides, replication, flush);
    }

    public EmbeddedSpec withBrokerOverrides(Map<String, String> overrides) {
        return new EmbeddedSpec(brokers, heapBytes, runDir, isolation, ssl, overrides, replication, flush);
    }

    public EmbeddedSpec withModes(SyncMode replicationMode, SyncMode flushMode) {
        return new EmbeddedSpec(brokers, heapBytes, runDir, isolation, ssl, brokerOverrides, replicationMode, flushMode);
    }
}
