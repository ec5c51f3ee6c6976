package io.mqprobe.api.monitor;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One resource summarized over a time window (a measured step): mean and peak of its samples. Both are always
 * measured (a resource without samples in the window has no usage); what 100 % means may not be known.
 *
 * @param capacity what 100 % means (cores available, probed disk or NIC ceiling), empty when unknown
 */
public record ResourceUsage(String source, String metric, double mean, double peak, OptionalDouble capacity) {

    public ResourceUsage {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(metric, "metric");
        capacity = Capacities.known(capacity);
    }

    /** A usage whose capacity is known. */
    public ResourceUsage(String source, String metric, double mean, double peak, double capacity) {
        this(source, metric, mean, peak, OptionalDouble.of(capacity));
    }

    /** A usage with no capacity to measure it against (a rate, a latency, mqprobe's own figures). */
    public static ResourceUsage withoutCapacity(String source, String metric, double mean, double peak) {
        return new ResourceUsage(source, metric, mean, peak, OptionalDouble.empty());
    }

    /** True when a positive, finite capacity is known, so percentages mean something. */
    public boolean hasCapacity() {
        return capacity.isPresent() && capacity.getAsDouble() > 0 && Double.isFinite(capacity.getAsDouble());
    }

    /** Mean as a percentage of capacity, empty when the capacity is unknown. */
    public OptionalDouble meanPct() {
        return hasCapacity() ? OptionalDouble.of(100.0 * mean / capacity.getAsDouble()) : OptionalDouble.empty();
    }

    /** Peak as a percentage of capacity, empty when the capacity is unknown. */
    public OptionalDouble peakPct() {
        return hasCapacity() ? OptionalDouble.of(100.0 * peak / capacity.getAsDouble()) : OptionalDouble.empty();
    }

    /** True when the capacity is known and the mean is at least {@code pct} % of it. */
    public boolean meanAtLeastPct(double pct) {
        return hasCapacity() && meanPct().getAsDouble() >= pct;
    }
}
