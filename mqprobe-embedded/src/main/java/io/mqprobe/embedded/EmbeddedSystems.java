package io.mqprobe.embedded;

import io.mqprobe.api.DriverServices;
import io.mqprobe.api.UsageException;

/** Finds the {@link EmbeddedSystem} of a driver on the class path. */
public final class EmbeddedSystems {

    private EmbeddedSystems() {
    }

    /** The system the driver {@code driverId} talks to; a {@link UsageException} when no module brings one. */
    public static EmbeddedSystem of(String driverId) {
        return DriverServices.find(EmbeddedSystem.class, EmbeddedSystem::driverId, driverId).orElseThrow(() ->
                new UsageException("mqprobe has no embedded cluster for --driver " + driverId + "; give --bootstrap"));
    }
}
