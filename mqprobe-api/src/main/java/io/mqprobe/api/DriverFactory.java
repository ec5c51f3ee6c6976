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
}
