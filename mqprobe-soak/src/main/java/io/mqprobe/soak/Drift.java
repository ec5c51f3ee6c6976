package io.mqprobe.soak;

import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A trend in one per-minute series, told apart from its noise: the least-squares line through the minutes, and a
 * finding only when the line's rise over the run is both certain (its slope several standard errors from zero) and
 * large (a share of the series' level), so a flat series with noisy minutes gives none and a slow, steady climb does.
 * Where the series runs toward a limit, the time until the line reaches it.
 *
 * @param series     what was measured ("broker-2 log bytes")
 * @param perMinute  the slope, in the series' unit per minute
 * @param noise      the minutes' standard deviation around the line
 * @param change     the line's rise from the first minute to the last
 * @param toLimitMin minutes from the last minute until the line reaches the limit, or {@code null} without one
 * @param cause      what the trend means where the judge knows ("past retention's cap ..."), or {@code null}
 */
public record Drift(String series, Unit unit, double perMinute, double noise, double change, Double toLimitMin,
                    String cause) {

    /** What a series counts, and how its figures read. */
    public enum Unit {
        BYTES, BYTES_PER_SECOND, SECONDS, MILLIS, MILLIS_PER_SECOND, MESSAGES, SHARE;

        public String format(double value) {
            return switch (this) {
                case BYTES -> HumanUnits.storage(value);
                case BYTES_PER_SECOND -> HumanUnits.rate(value);
                case SECONDS -> String.format(Locale.ROOT, value >= 100 ? "%.0f s" : "%.1f s", value);
                case MILLIS -> String.format(Locale.ROOT, value >= 100 ? "%.0f ms" : "%.1f ms", value);
                case MILLIS_PER_SECOND -> String.format(Locale.ROOT, "%.1f ms/s", value);
                case MESSAGES -> String.format(Locale.ROOT, "%,.0f messages", value);
                case SHARE -> String.format(Locale.ROOT, "%.1f %%", 100 * value);
            };
        }
    }

    /** Fewer minutes than this make no trend: two or three points fit any line. */
    public static final int MIN_MINUTES = 4;
    /** A slope this many standard errors from zero is no accident of the noise. */
    static final double CERTAIN_T = 4;
    /** A rise smaller than this share of the series' mean level is no drift worth a finding, however certain. */
    static final double MATERIAL_SHARE = 0.10;

    /**
     * The drift of {@code values} (one per minute, {@code null} where the minute had no reading) upward when
     * {@code upward}, else downward; empty when the series is flat within its noise, too short, or moves the other way.
     *
     * @param limit the level the series must not reach (a full disk, a full heap), or {@code null}
     */
    public static Optional<Drift> of(String series, Unit unit, List<Double> values, boolean upward, Double limit) {
        Optional<Line> fitted = Line.through(values);
        if (fitted.isEmpty()) {
            return Optional.empty();
        }
        Line line = fitted.get();
        boolean certain = line.standardError() == 0 ? line.slope() != 0
                : Math.abs(line.slope()) / line.standardError() >= CERTAIN_T;
        boolean material = Math.abs(line.change()) >= MATERIAL_SHARE * Math.abs(line.mean()) && Math.abs(line.change()) > 0;
        if (!certain || !material || (line.slope() > 0) != upward) {
            return Optional.empty();
        }
        Double toLimit = null;
        if (limit != null) {
            double remaining = (limit - line.lastFitted()) / line.slope();
            toLimit = remaining > 0 ? remaining : 0.0;
        }
        return Optional.of(new Drift(series, unit, line.slope(), line.noise(), line.change(), toLimit, null));
    }

    /**
     * How far a series' line moved over its minutes, as a share of its mean level (0.12 for a rise of 12 %), certain or
     * not; empty with fewer than {@link #MIN_MINUTES} readings or a mean of zero.
     */
    public static Optional<Double> relativeChange(List<Double> values) {
        return Line.through(values).filter(l -> l.mean() != 0).map(l -> l.change() / Math.abs(l.mean()));
    }

    /**
     * The least-squares line through a series' minutes ({@code null} and non-finite readings left out).
     *
     * @param mean          the readings' mean level
     * @param slope         per minute
     * @param noise         the readings' standard deviation around the line
     * @param standardError the slope's
     * @param change        the line's rise from the first reading to the last
     * @param lastFitted    the line's level at the last reading
     */
    private record Line(double mean, double slope, double noise, double standardError, double change, double lastFitted) {

        static Optional<Line> through(List<Double> values) {
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) {
                Double v = values.get(i);
                if (v != null && Double.isFinite(v)) {
                    points.add(new double[]{i, v});
                }
            }
            int n = points.size();
            if (n < MIN_MINUTES) {
                return Optional.empty();
            }
            double meanX = points.stream().mapToDouble(p -> p[0]).average().orElseThrow();
            double meanY = points.stream().mapToDouble(p -> p[1]).average().orElseThrow();
            double sxx = 0;
            double sxy = 0;
            for (double[] p : points) {
                sxx += (p[0] - meanX) * (p[0] - meanX);
                sxy += (p[0] - meanX) * (p[1] - meanY);
            }
            double slope = sxy / sxx;
            double residuals = 0;
            for (double[] p : points) {
                double r = p[1] - (meanY + slope * (p[0] - meanX));
                residuals += r * r;
            }
            double noise = Math.sqrt(residuals / (n - 2));
            double first = points.get(0)[0];
            double last = points.get(n - 1)[0];
            return Optional.of(new Line(meanY, slope, noise, noise / Math.sqrt(sxx), slope * (last - first),
                    meanY + slope * (last - meanX)));
        }
    }

    /** This drift, saying what it means. */
    public Drift because(String why) {
        return new Drift(series, unit, perMinute, noise, change, toLimitMin, why);
    }

    /** "the topic's logs rose 1.2 GB over the soak (+40 MB per minute, noise 3 MB): ...". */
    public String describe() {
        String direction = perMinute > 0 ? "rose" : "fell";
        String line = String.format(Locale.ROOT, "%s %s %s over the soak (%s%s per minute, noise %s)", series, direction,
                unit.format(Math.abs(change)), perMinute > 0 ? "+" : "-", unit.format(Math.abs(perMinute)), unit.format(noise))
                + (cause == null ? "" : ", " + cause);
        return toLimitMin == null ? line : line + ": at this rate it reaches its limit in " + minutes(toLimitMin);
    }

    /** "3 h 10 min", "42 min", "under a minute". */
    static String minutes(double minutes) {
        if (minutes < 1) {
            return "under a minute";
        }
        long whole = Math.round(minutes);
        return whole >= 60 ? (whole / 60) + " h " + (whole % 60) + " min" : whole + " min";
    }
}
