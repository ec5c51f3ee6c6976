package io.mqprobe.search;

import java.util.List;
import java.util.OptionalDouble;

/**
 * A cost's least-squares line over the rate (a broker's cores, a utilisation), its slope held at zero or above: a cost
 * does not fall as the rate rises. The sustainable search judges its utilisations on such lines ({@link PooledReadings})
 * and the probe's advice reads a broker's cores off one to tell a cost paid per request.
 */
public record CostLine(double meanRate, double meanValue, double slope) {

    /**
     * A line is flat when over the paced rates it rose by less than this share of what a cost proportional to the rate
     * would have: most of that cost does not grow with the rate.
     */
    public static final double FLAT_SHARE = 0.5;
    /** The rates must span at least this factor for a line's rise to say anything. */
    public static final double FLAT_SPAN = 1.5;

    /** The line through {@code points}, each {rate, value}; flat at their mean when the rates do not vary. */
    public static CostLine through(List<double[]> points) {
        double meanRate = points.stream().mapToDouble(p -> p[0]).average().orElse(0);
        double meanValue = points.stream().mapToDouble(p -> p[1]).average().orElse(0);
        double covariance = points.stream().mapToDouble(p -> (p[0] - meanRate) * (p[1] - meanValue)).sum();
        double variance = points.stream().mapToDouble(p -> (p[0] - meanRate) * (p[0] - meanRate)).sum();
        return new CostLine(meanRate, meanValue, variance > 0 ? Math.max(0, covariance / variance) : 0);
    }

    public double at(double rate) {
        return meanValue + slope * (rate - meanRate);
    }

    /** The rate at which the line reaches {@code value}; empty where it never does above rate zero. */
    public OptionalDouble rateAt(double value) {
        if (slope <= 0) {
            return OptionalDouble.empty();
        }
        double rate = meanRate + (value - meanValue) / slope;
        return rate > 0 ? OptionalDouble.of(rate) : OptionalDouble.empty();
    }

    /** What a cost proportional to the rate, reaching this line's value at {@code high}, rises from {@code low} to it. */
    public double proportionalRise(double low, double high) {
        return at(high) * (1 - low / high);
    }

    /**
     * True when from {@code low} to {@code high} (at least {@link #FLAT_SPAN} apart) the line rose by less than
     * {@link #FLAT_SHARE} of {@link #proportionalRise}: a cost mostly per request or per second, not per record.
     */
    public boolean flatBetween(double low, double high) {
        return high >= FLAT_SPAN * low && at(high) - at(low) < FLAT_SHARE * proportionalRise(low, high);
    }
}
