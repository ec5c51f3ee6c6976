package io.mqprobe.api.monitor;

import java.util.Optional;
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
    /** A load worker's own figures: {@code client:local-1} is that worker's process. */
    public static final String WORKER_PREFIX = CLIENT + ":";
    /**
     * The machine a remote broker runs on, from node_exporter: {@code node-of-broker-2}. Not {@code broker-…}, which
     * names the broker process everywhere, nor {@code host}, which is the machine mqprobe runs on.
     */
    public static final String NODE_PREFIX = "node-of-";

    private Sources() {
    }

    /** {@code broker-3} for broker 3. */
    public static String broker(int id) {
        return BROKER_PREFIX + id;
    }

    /** {@code client:local-1} for the load worker {@code local-1}. */
    public static String worker(String name) {
        return WORKER_PREFIX + name;
    }

    /** The worker's name from {@code client:local-1}; empty for any other source. */
    public static Optional<String> workerName(String source) {
        return source != null && source.startsWith(WORKER_PREFIX)
                ? Optional.of(source.substring(WORKER_PREFIX.length())) : Optional.empty();
    }

    /** {@code node-of-broker-2}: the machine broker 2 runs on. */
    public static String nodeOf(String brokerSource) {
        return NODE_PREFIX + brokerSource;
    }

    /** True for the sources of load generators: mqprobe's own process ({@code client}) and each load worker's. */
    public static boolean isLoadGenerator(String source) {
        return source != null && (CLIENT.equals(source) || source.startsWith(WORKER_PREFIX));
    }

    /**
     * True for the sources of whole machines rather than processes: {@code host} (where mqprobe runs) and each remote
     * broker's node. Their CPU is shared by whatever runs there, so it is a shared-CPU limit, not a process's.
     */
    public static boolean isMachine(String source) {
        return source != null && (HOST.equals(source) || source.startsWith(NODE_PREFIX));
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
