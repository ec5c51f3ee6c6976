package io.mqprobe.api.monitor;

import java.util.List;

/**
 * A source of resource samples (/proc, JMX, the Kafka protocol, a Prometheus endpoint).
 * Called from one monitor thread at the sampling interval; rates are computed by the sampler
 * from the difference to its previous call, so the first call may return nothing.
 */
public interface Sampler extends AutoCloseable {

    /** Short name used in the one warning printed when the source cannot be reached. */
    String name();

    /** Takes one round of samples. Throwing is allowed: the monitor reports it once and keeps going. */
    List<ResourceSample> sample(long epochMs) throws Exception;

    /**
     * Lines the source has to say once, not failures: a broker that refuses its flight recording, a limit it reports.
     * Each line is returned once; the monitor prints it as it is.
     */
    default List<String> takeNotices() {
        return List.of();
    }

    @Override
    default void close() {
    }
}
