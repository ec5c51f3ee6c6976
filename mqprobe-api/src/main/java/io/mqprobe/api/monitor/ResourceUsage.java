package io.mqprobe.api.monitor;

import java.util.Objects;

/**
 * One resource summarized over a time window (a measured step): mean and peak of its samples.
 *
 * @param capacity what 100 % means (cores available, probed disk or NIC ceiling), or {@code NaN} when unknown
 */
public record ResourceUsage(String source, String metric, double mean, double peak, double capacity) {

    public ResourceUsage {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(metric, "metric");
    }

    /** True when a positive, finite capacity is known, so percentages mean something. */
    public boolean hasCapacity() {
        return capacity > 0 && Double.isFinite(capacity);
    }

    /** Mean as a percentage of capacity, or {@code NaN} when the capacity is unknown. */
    public double meanPct() {
        return hasCapacity() ? 100.0 * mean / capacity : Double.NaN;
    }

    /** Peak as a percentage of capacity, or {@code NaN} when the capacity is unknown. */
    public double peakPct() {
        return hasCapacity() ? 100.0 * peak / capacity : Double.NaN;
    }
}
