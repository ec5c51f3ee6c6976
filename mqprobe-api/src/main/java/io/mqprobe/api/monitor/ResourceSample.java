package io.mqprobe.api.monitor;

/**
 * One measured value of one resource at one moment.
 *
 * @param epochMs    wall-clock time of the sample
 * @param source     what was measured: {@code broker-1}, {@code client} (mqprobe itself), {@code host}, {@code cluster}
 * @param metric     a {@link Metric} name
 * @param value      the value in the metric's base unit
 * @param capacity   what 100 % means for this value (cores available, link speed), or {@code NaN} when unknown
 */
public record ResourceSample(long epochMs, String source, String metric, double value, double capacity) {

    public static ResourceSample of(long epochMs, String source, String metric, double value) {
        return new ResourceSample(epochMs, source, metric, value, Double.NaN);
    }

    /** Share of capacity in percent, or {@code NaN} when the capacity is unknown. */
    public double percentOfCapacity() {
        return capacity > 0 ? 100.0 * value / capacity : Double.NaN;
    }
}
