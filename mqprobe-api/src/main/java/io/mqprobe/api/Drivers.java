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
        return DriverServices.find(DriverFactory.class, DriverFactory::id, id).orElseThrow(() -> {
            String known = ServiceLoader.load(DriverFactory.class).stream().map(p -> p.get().id()).sorted()
                    .collect(Collectors.joining(", "));
            return new UsageException("unknown driver '" + id + "' (known: " + known + ")");
        });
    }
}
