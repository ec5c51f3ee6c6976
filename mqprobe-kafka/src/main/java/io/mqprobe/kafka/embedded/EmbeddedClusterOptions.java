package io.mqprobe.kafka.embedded;

import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.isolation.IsolationOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * How to start an {@link EmbeddedKafkaCluster}; validated here, once, before anything runs.
 *
 * @param brokers         number of brokers, 1 to {@value #MAX_BROKERS}; broker 1 is also the KRaft controller
 * @param runDir          directory holding every broker's config, logs and data; {@code null} = a fresh
 *                        temporary directory. An existing directory must be empty or an old mqprobe run dir.
 * @param heapBytes       JVM heap of each broker, at least {@value #MIN_HEAP_BYTES} bytes
 * @param startTimeout    how long {@link EmbeddedKafkaCluster#start} and restarts may wait for brokers to serve
 * @param brokerOverrides broker settings written last into every broker's {@code server.properties}
 * @param keepRunDir      keep the run dir (logs, data) after {@link EmbeddedKafkaCluster#close()}
 * @param isolation       cgroups, network namespaces and disk throttles for the brokers; a broker spec
 *                        sets the heap (half its memory) instead of {@code heapBytes}
 * @param ssl             besides the plaintext listener, an SSL listener on every broker (keys made at start
 *                        into the run dir), and replication between brokers over SSL
 */
public record EmbeddedClusterOptions(int brokers, Path runDir, long heapBytes, Duration startTimeout,
                                     Map<String, String> brokerOverrides, boolean keepRunDir,
                                     IsolationOptions isolation, boolean ssl) {

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
        if (startTimeout == null || startTimeout.isNegative() || startTimeout.isZero()) {
            throw new UsageException("broker start timeout must be positive");
        }
        brokerOverrides = brokerOverrides == null ? Map.of() : Map.copyOf(brokerOverrides);
        isolation = isolation == null ? IsolationOptions.NONE : isolation;
    }

    /** Three brokers, 1 GiB heap each, a temporary run dir deleted on close, two minutes to start. */
    public static EmbeddedClusterOptions defaults() {
        return new EmbeddedClusterOptions(3, null, DEFAULT_HEAP_BYTES, Duration.ofMinutes(2), Map.of(), false, IsolationOptions.NONE, false);
    }

    public EmbeddedClusterOptions withBrokers(int brokerCount) {
        return new EmbeddedClusterOptions(brokerCount, runDir, heapBytes, startTimeout, brokerOverrides, keepRunDir, isolation, ssl);
    }

    public EmbeddedClusterOptions withRunDir(Path dir) {
        return new EmbeddedClusterOptions(brokers, dir, heapBytes, startTimeout, brokerOverrides, keepRunDir, isolation, ssl);
    }

    public EmbeddedClusterOptions withHeapBytes(long bytes) {
        return new EmbeddedClusterOptions(brokers, runDir, bytes, startTimeout, brokerOverrides, keepRunDir, isolation, ssl);
    }

    public EmbeddedClusterOptions withStartTimeout(Duration timeout) {
        return new EmbeddedClusterOptions(brokers, runDir, heapBytes, timeout, brokerOverrides, keepRunDir, isolation, ssl);
    }

    public EmbeddedClusterOptions withBrokerOverrides(Map<String, String> overrides) {
        return new EmbeddedClusterOptions(brokers, runDir, heapBytes, startTimeout, overrides, keepRunDir, isolation, ssl);
    }

    public EmbeddedClusterOptions withKeepRunDir(boolean keep) {
        return new EmbeddedClusterOptions(brokers, runDir, heapBytes, startTimeout, brokerOverrides, keep, isolation, ssl);
    }

    public EmbeddedClusterOptions withIsolation(IsolationOptions options) {
        return new EmbeddedClusterOptions(brokers, runDir, heapBytes, startTimeout, brokerOverrides, keepRunDir, options, ssl);
    }

    public EmbeddedClusterOptions withSsl(boolean withSsl) {
        return new EmbeddedClusterOptions(brokers, runDir, heapBytes, startTimeout, brokerOverrides, keepRunDir, isolation, withSsl);
    }
}
