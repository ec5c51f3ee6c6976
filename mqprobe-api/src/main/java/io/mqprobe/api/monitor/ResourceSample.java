package io.mqprobe.api.monitor;

import java.util.OptionalDouble;

/**
 * One measured value of one resource at one moment. A sampler that could not read a value emits no sample rather
 * than an unknown one.
 *
 * @param epochMs    wall-clock time of the sample
 * @param source     what was measured: {@code broker-1}, {@code client} (mqprobe itself), {@code host}, {@code cluster}
 * @param metric     a {@link Metric} name
 * @param value      the value in the metric's base unit
 * @param capacity   what 100 % means for this value (cores available, link speed), empty when unknown
 */
public record ResourceSample(long epochMs, String source, String metric, double value, OptionalDouble capacity) {

    public ResourceSample {
        capacity = Capacities.known(capacity);
    }

    /** A sample whose capacity is known. */
    public ResourceSample(long epochMs, String source, String metric, double value, double capacity) {
        this(epochMs, source, metric, value, OptionalDouble.of(capacity));
    }

    /** A sample with no capacity to measure it against. */
    public static ResourceSample of(long epochMs, String source, String metric, double value) {
        return new ResourceSample(epochMs, source, metric, value, OptionalDouble.empty());
    }

    /** Share of capacity in percent, empty when the capacity is unknown. */
    public OptionalDouble percentOfCapacity() {
        return capacity.isPresent() && capacity.getAsDouble() > 0
                ? OptionalDouble.of(100.0 * value / capacity.getAsDouble()) : OptionalDouble.empty();
    }
}
