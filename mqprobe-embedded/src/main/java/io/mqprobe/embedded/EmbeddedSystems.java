package io.mqprobe.embedded;

import io.mqprobe.api.UsageException;

import java.util.ServiceLoader;

/** Finds the {@link EmbeddedSystem} of a driver on the class path. */
public final class EmbeddedSystems {

    private EmbeddedSystems() {
    }

    /** The system the driver {@code driverId} talks to; a {@link UsageException} when no module brings one. */
    public static EmbeddedSystem of(String driverId) {
        for (EmbeddedSystem system : ServiceLoader.load(EmbeddedSystem.class)) {
            if (system.driverId().equals(driverId)) {
                return system;
            }
        }
        throw new UsageException("mqprobe has no embedded cluster for --driver " + driverId + "; give --bootstrap");
    }
}
