package io.mqprobe.api.monitor;

/**
 * One resource summarized over a time window (a measured step): mean and peak of its samples.
 *
 * @param capacity what 100 % means (cores available, probed disk or NIC ceiling), or {@code NaN} when unknown
 */
public record ResourceUsage(String source, String metric, double mean, double peak, double capacity) {

    /** Peak as a share of capacity in percent, or {@code NaN} when the capacity is unknown. */
    public double peakPercent() {
        return capacity > 0 ? 100.0 * peak / capacity : Double.NaN;
    }

    /** Mean as a share of capacity in percent, or {@code NaN} when the capacity is unknown. */
    public double meanPercent() {
        return capacity > 0 ? 100.0 * mean / capacity : Double.NaN;
    }
}
