package io.mqprobe.embedded;

import io.mqprobe.embedded.isolation.IsolationOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The options of one system's embedded cluster: its own (broker count, layout, heaps) and the
 * {@link NodeGroupOptions} every cluster takes, read and replaced here as if they were its own.
 *
 * @param <O> the system's options record
 */
public interface ClusterOptions<O extends ClusterOptions<O>> {

    NodeGroupOptions group();

    /** These options with {@code group} in place of their own. */
    O withGroup(NodeGroupOptions group);

    default Path runDir() {
        return group().runDir();
    }

    default Duration startTimeout() {
        return group().startTimeout();
    }

    default Map<String, String> brokerOverrides() {
        return group().brokerOverrides();
    }

    default boolean keepRunDir() {
        return group().keepRunDir();
    }

    default IsolationOptions isolation() {
        return group().isolation();
    }

    default O withRunDir(Path dir) {
        return withGroup(group().withRunDir(dir));
    }

    default O withStartTimeout(Duration timeout) {
        return withGroup(group().withStartTimeout(timeout));
    }

    default O withBrokerOverrides(Map<String, String> overrides) {
        return withGroup(group().withBrokerOverrides(overrides));
    }

    default O withKeepRunDir(boolean keep) {
        return withGroup(group().withKeepRunDir(keep));
    }

    default O withIsolation(IsolationOptions options) {
        return withGroup(group().withIsolation(options));
    }
}
