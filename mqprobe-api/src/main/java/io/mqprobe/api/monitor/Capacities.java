package io.mqprobe.api.monitor;

import java.util.OptionalDouble;

/** The one rule for a capacity handed to a usage or a sample, so the two records cannot drift apart. */
final class Capacities {

    private Capacities() {
    }

    /**
     * Empty for {@code null} (a file that left it out did not know it) and for NaN (an exporter may state a limit as
     * NaN, which says as little); else as given.
     */
    static OptionalDouble known(OptionalDouble capacity) {
        return capacity == null || capacity.isPresent() && Double.isNaN(capacity.getAsDouble()) ? OptionalDouble.empty() : capacity;
    }
}
