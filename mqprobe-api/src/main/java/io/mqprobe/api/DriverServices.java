package io.mqprobe.api;

import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * The one lookup behind every seam a driver module fills (its client, its embedded cluster, its profile): the service
 * of {@code type} on the class path that names {@code driverId}.
 */
public final class DriverServices {

    private DriverServices() {
    }

    public static <T> Optional<T> find(Class<T> type, Function<T, String> idOf, String driverId) {
        for (T service : ServiceLoader.load(type)) {
            if (idOf.apply(service).equals(driverId)) {
                return Optional.of(service);
            }
        }
        return Optional.empty();
    }
}
