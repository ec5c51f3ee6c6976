package io.mqprobe.load;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.stats.Estimate;

import java.time.Duration;
import java.util.Locale;

/**
 * How long a step measures: at least {@code minMeasure}, then until its throughput's 95 % interval is within
 * {@code halfWidthPct} % of the mean, at most {@code maxMeasure}. A step that reaches the maximum with a wider interval
 * is unstable, and says so.
 *
 * @param halfWidthPct the interval's half-width to reach, as % of the mean, in (0, 100]
 * @param minMeasure   measured time before the interval is looked at, at least 1 s
 * @param maxMeasure   measured time at most, at least {@code minMeasure}
 */
public record PrecisionTarget(double halfWidthPct, Duration minMeasure, Duration maxMeasure) {

    public PrecisionTarget {
        if (!(halfWidthPct > 0 && halfWidthPct <= 100)) {
            throw new UsageException(String.format(Locale.ROOT, "--precision must be above 0 and at most 100 %%, got %s", halfWidthPct));
        }
        if (minMeasure.toMillis() < 1000 || maxMeasure.compareTo(minMeasure) < 0) {
            throw new UsageException("a step measures at least 1s, and its longest measurement (" + maxMeasure.toSeconds()
                    + "s) must not be shorter than its shortest (" + minMeasure.toSeconds() + "s)");
        }
    }

    /** True when this estimate is as narrow as asked. */
    public boolean met(Estimate throughput) {
        return throughput.narrowerThan(halfWidthPct);
    }
}
