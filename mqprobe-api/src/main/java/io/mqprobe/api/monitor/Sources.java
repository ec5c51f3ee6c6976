package io.mqprobe.api.monitor;

import java.util.OptionalInt;

/**
 * The names a {@link ResourceSample} gives what it measured. Samplers write them, the verdict, the report and the
 * plan read them back from result.json, so they are spelled in one place.
 */
public final class Sources {

    /** mqprobe itself, the load generator. */
    public static final String CLIENT = "client";
    /** The whole machine mqprobe runs on. */
    public static final String HOST = "host";
    /** What belongs to no one broker: under-replicated partitions, consumer lag. */
    public static final String CLUSTER = "cluster";
    /** Every broker's name starts so, followed by its id. */
    public static final String BROKER_PREFIX = "broker-";

    private Sources() {
    }

    /** {@code broker-3} for broker 3. */
    public static String broker(int id) {
        return BROKER_PREFIX + id;
    }

    /** Whether a source names a broker; false for null. */
    public static boolean isBroker(String source) {
        return source != null && source.startsWith(BROKER_PREFIX);
    }

    /** The broker's id from {@code broker-3}; empty for any other source or an id that is not a number. */
    public static OptionalInt brokerId(String source) {
        if (!isBroker(source)) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(source.substring(BROKER_PREFIX.length())));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }
}
