package io.mqprobe.scenario;

import io.mqprobe.api.DriverServices;

/** Finds a driver's {@link DriverProfile} on the class path. */
public final class DriverProfiles {

    private DriverProfiles() {
    }

    /** The profile registered for {@code driverId}, or the method's defaults when its module registers none. */
    public static DriverProfile of(String driverId) {
        return DriverServices.find(DriverProfile.class, DriverProfile::driverId, driverId).orElse(() -> driverId);
    }
}
