package io.mqprobe.api.stats;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Arrays;
import java.util.List;

/**
 * A figure estimated from per-second readings, with a 95 % confidence interval {@code mean ± halfWidth}.
 *
 * <p>Per-second readings of a load are autocorrelated (a full batch, a GC pause or a flush spills into the next
 * second), so their naive standard error is too small. The interval is computed by <b>batch means</b>: the readings
 * are cut into {@code batches} consecutive batches of equal size, whose means are much less correlated than the
 * seconds themselves; the interval is Student's t over those batch means. Batches are two seconds or more once there
 * are {@link #MIN_READINGS_FOR_BATCHES} readings, at most {@link #MAX_BATCHES} of them; fewer readings are taken one
 * second a batch (and the interval is the naive one, wide because t is large for so few readings).
 *
 * @param mean      mean of the batch means (of the readings used), {@code >= 0} for rates
 * @param halfWidth half the width of the 95 % interval, {@code >= 0}; {@link Double#POSITIVE_INFINITY} when fewer than
 *                  two batches exist (written as {@code null} in JSON: unknown)
 * @param readings  per-second readings behind the figure (the earliest left over by the batching are not used)
 * @param batches   batches the readings were cut into
 * @param median    the middle reading (of those used), or {@code null} when not kept (pooled or exact figures, documents
 *                  from before it): far from the mean, a few readings pulled the mean, not the level of most seconds
 */
public record Estimate(double mean, Double halfWidth, int readings, int batches,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double median) {

    /** Readings from which batches hold two seconds or more. */
    public static final int MIN_READINGS_FOR_BATCHES = 6;
    /** Batches at most: more, shorter batches would bring the autocorrelation back. */
    public static final int MAX_BATCHES = 10;

    /** Student's t at 97.5 % for 1..30 degrees of freedom. */
    private static final double[] T_975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
            2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
            2.056, 2.052, 2.048, 2.045, 2.042};

    public Estimate {
        if (readings < 0 || batches < 0 || batches > readings) {
            throw new IllegalArgumentException("an estimate needs 0 <= batches <= readings, got " + batches + " of " + readings);
        }
        if (halfWidth != null && !(halfWidth >= 0)) {
            throw new IllegalArgumentException("a half-width must be >= 0, got " + halfWidth);
        }
        if (halfWidth != null && halfWidth.isInfinite()) {
            halfWidth = null;
        }
    }

    /** An estimate without its median. */
    public Estimate(double mean, Double halfWidth, int readings, int batches) {
        this(mean, halfWidth, readings, batches, null);
    }

    /** The batch-means estimate of a series of per-second readings (see the class comment). */
    public static Estimate batchMeans(double[] readings) {
        int n = readings.length;
        if (n == 0) {
            return new Estimate(0, null, 0, 0);
        }
        int batchSize = n < MIN_READINGS_FOR_BATCHES ? 1 : Math.max(2, (n + MAX_BATCHES - 1) / MAX_BATCHES);
        int batches = n / batchSize;
        int skipped = n - batches * batchSize;   // the earliest readings, nearest the warm-up, are the ones left out
        double[] means = new double[batches];
        for (int b = 0; b < batches; b++) {
            int from = skipped + b * batchSize;
            means[b] = Arrays.stream(readings, from, from + batchSize).average().orElse(0);
        }
        double mean = Arrays.stream(means).average().orElse(0);
        double median = median(Arrays.copyOfRange(readings, skipped, n));
        if (batches < 2) {
            return new Estimate(mean, null, n - skipped, batches, median);
        }
        double sumSquares = 0;
        for (double m : means) {
            sumSquares += (m - mean) * (m - mean);
        }
        double standardError = Math.sqrt(sumSquares / (batches - 1) / batches);
        return new Estimate(mean, t975(batches - 1) * standardError, n - skipped, batches, median);
    }

    /** The middle of the values (the mean of the two middle ones for an even count); the values are left unsorted. */
    public static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int half = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
    }

    /**
     * One estimate of the level several measurements share (steps of a plateau): as if the batch means of all of them
     * were one series. Each part's batch means are rebuilt from its mean, half-width and batch count (their spread is
     * {@code halfWidth / t * sqrt(batches)}), so the pooled spread holds both the noise within each part and the
     * differences between the parts' means; a part without a known half-width adds only its mean's difference.
     */
    public static Estimate pooled(List<Estimate> parts) {
        int batches = parts.stream().mapToInt(p -> Math.max(1, p.batches())).sum();
        int readings = parts.stream().mapToInt(Estimate::readings).sum();
        double mean = parts.stream().mapToDouble(p -> p.mean() * Math.max(1, p.batches())).sum() / batches;
        if (batches < 2) {
            return new Estimate(mean, null, readings, Math.min(batches, readings));
        }
        double sumSquares = 0;
        for (Estimate p : parts) {
            int b = Math.max(1, p.batches());
            double within = p.halfWidth() == null || b < 2 ? 0 : Math.pow(p.halfWidth() / t975(b - 1), 2) * b * (b - 1);
            sumSquares += within + b * (p.mean() - mean) * (p.mean() - mean);
        }
        double standardError = Math.sqrt(sumSquares / (batches - 1) / batches);
        return new Estimate(mean, t975(batches - 1) * standardError, readings, Math.min(batches, readings));
    }

    /** An exact figure: no spread known or needed (a count, a figure from a document written before intervals). */
    public static Estimate exact(double value) {
        return new Estimate(value, 0.0, 0, 0);
    }

    /** Half the interval's width as a share of the mean, in percent; infinite when unknown or the mean is 0. */
    @JsonIgnore
    public double halfWidthPct() {
        if (halfWidth == null || !(mean > 0)) {
            return halfWidth != null && halfWidth == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        return 100 * halfWidth / mean;
    }

    /** True when the interval is known and its half-width is at most {@code pct} % of the mean. */
    public boolean narrowerThan(double pct) {
        return halfWidthPct() <= pct;
    }

    @JsonIgnore
    public double low() {
        return halfWidth == null ? Double.NEGATIVE_INFINITY : mean - halfWidth;
    }

    @JsonIgnore
    public double high() {
        return halfWidth == null ? Double.POSITIVE_INFINITY : mean + halfWidth;
    }

    /** True when the two intervals share a point: the readings cannot tell the two figures apart. */
    public boolean overlaps(Estimate other) {
        return low() <= other.high() && other.low() <= high();
    }

    /** The same relative interval around another figure measured alongside (bytes/s beside records/s). */
    public Estimate scaledTo(double otherMean) {
        Double width = halfWidth == null ? null : mean > 0 ? halfWidth * otherMean / mean : (Double) 0.0;
        Double scaledMedian = median == null || !(mean > 0) ? null : median * otherMean / mean;
        return new Estimate(otherMean, width, readings, batches, scaledMedian);
    }

    static double t975(int degreesOfFreedom) {
        return degreesOfFreedom <= T_975.length ? T_975[degreesOfFreedom - 1] : 1.96;
    }
}
