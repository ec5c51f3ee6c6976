package io.mqprobe.scenario;

import java.util.List;

/**
 * What a driver brings to the method besides its client: the scenarios {@code probe} runs when none is named and
 * the unit its users state capacity in. A driver module registers one with {@link java.util.ServiceLoader}; a
 * driver without one is probed with the field method's matrix and summarized in bytes ({@link DriverProfiles}).
 */
public interface DriverProfile {

    /** The id of the driver this profile is for, e.g. {@code rocketmq}. */
    String driverId();

    /** The questions {@code probe} asks of this system by default, in its users' words. */
    default List<ScenarioSpec> builtInScenarios() {
        return BuiltInScenarios.ALL;
    }

    default CapacityUnit capacityUnit() {
        return CapacityUnit.BYTES;
    }
}
