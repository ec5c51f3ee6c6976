package io.mqprobe.api;

import java.util.ServiceLoader;
import java.util.stream.Collectors;

/** Finds drivers on the class path by id. */
public final class Drivers {

    /** The driver a command uses without {@code --driver}; hints leave the flag out for it. */
    public static final String DEFAULT_ID = "kafka";

    private Drivers() {
    }

    /** Connects with the driver named by {@link Target#driverId()}. */
    public static Driver connect(Target target) {
        return factory(target.driverId()).connect(target);
    }

    /** The factory registered under {@code id}; a {@link UsageException} lists the known ids otherwise. */
    public static DriverFactory factory(String id) {
        ServiceLoader<DriverFactory> loader = ServiceLoader.load(DriverFactory.class);
        for (DriverFactory factory : loader) {
            if (factory.id().equals(id)) {
                return factory;
            }
        }
        String known = loader.stream().map(p -> p.get().id()).sorted().collect(Collectors.joining(", "));
        throw new UsageException("unknown driver '" + id + "' (known: " + known + ")");
    }
}
