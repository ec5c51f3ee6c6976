package io.mqprobe.scenario;

import java.util.ServiceLoader;

/** Finds a driver's {@link DriverProfile} on the class path. */
public final class DriverProfiles {

    private DriverProfiles() {
    }

    /** The profile registered for {@code driverId}, or the method's defaults when its module registers none. */
    public static DriverProfile of(String driverId) {
        for (DriverProfile profile : ServiceLoader.load(DriverProfile.class)) {
            if (profile.driverId().equals(driverId)) {
                return profile;
            }
        }
        return () -> driverId;
    }
}
