package io.mqprobe.api;

/**
 * Service-provider entry point of a driver, found with {@link java.util.ServiceLoader}
 * by its {@link #id()}. See {@link Drivers#connect(Target)}.
 */
public interface DriverFactory {

    /** Short id users type, e.g. {@code kafka} or {@code rocketmq}. */
    String id();

    /**
     * Connects to the target and checks that it answers.
     *
     * @throws TargetUnreachableException when no broker answers within the target's timeout
     */
    Driver connect(Target target);

    /**
     * Checks native producer settings against the client's own definitions, without a cluster.
     *
     * @throws UsageException naming an unknown key or a value the client rejects
     */
    default void validateProducerSettings(java.util.Map<String, String> settings) {
    }

    /** As {@link #validateProducerSettings}, for consumer settings. */
    default void validateConsumerSettings(java.util.Map<String, String> settings) {
    }
}
