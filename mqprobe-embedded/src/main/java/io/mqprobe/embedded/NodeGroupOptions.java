package io.mqprobe.embedded;

import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.isolation.IsolationOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * What starting any embedded cluster takes, whatever runs inside; validated here, once. Each system's options
 * record holds one and offers its parts as its own ({@link ClusterOptions}).
 *
 * @param runDir          directory holding every node's config, logs and data; {@code null} = a fresh temporary
 *                        directory. An existing directory must be empty or an old mqprobe run dir.
 * @param startTimeout    how long a start, and each restart, may wait for the nodes to serve
 * @param brokerOverrides broker settings written over mqprobe's into every broker's config
 * @param keepRunDir      keep the run dir (logs, data) after the cluster is closed
 * @param isolation       cgroups, network namespaces and disk throttles for the brokers; a broker spec sets
 *                        their heap (half its memory)
 */
public record NodeGroupOptions(Path runDir, Duration startTimeout, Map<String, String> brokerOverrides, boolean keepRunDir,
                               IsolationOptions isolation) {

    public NodeGroupOptions {
        if (startTimeout == null || startTimeout.isNegative() || startTimeout.isZero()) {
            throw new UsageException("broker start timeout must be positive");
        }
        brokerOverrides = brokerOverrides == null ? Map.of() : Map.copyOf(brokerOverrides);
        isolation = isolation == null ? IsolationOptions.NONE : isolation;
    }

    /** A temporary run dir deleted on close, two minutes to start, no overrides, no isolation. */
    public static NodeGroupOptions defaults() {
        return new NodeGroupOptions(null, Duration.ofMinutes(2), Map.of(), false, IsolationOptions.NONE);
    }

    public NodeGroupOptions withRunDir(Path dir) {
        return new NodeGroupOptions(dir, startTimeout, brokerOverrides, keepRunDir, isolation);
    }

    public NodeGroupOptions withStartTimeout(Duration timeout) {
        return new NodeGroupOptions(runDir, timeout, brokerOverrides, keepRunDir, isolation);
    }

    public NodeGroupOptions withBrokerOverrides(Map<String, String> overrides) {
        return new NodeGroupOptions(runDir, startTimeout, overrides, keepRunDir, isolation);
    }

    public NodeGroupOptions withKeepRunDir(boolean keep) {
        return new NodeGroupOptions(runDir, startTimeout, brokerOverrides, keep, isolation);
    }

    public NodeGroupOptions withIsolation(IsolationOptions options) {
        return new NodeGroupOptions(runDir, startTimeout, brokerOverrides, keepRunDir, options);
    }
}
