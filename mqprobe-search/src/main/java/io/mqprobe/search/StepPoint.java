package io.mqprobe.search;

import io.mqprobe.api.stats.Estimate;

import java.util.List;

/**
 * A measured step named by its index, with its acknowledged throughput.
 *
 * @param interval records/s with its 95 % interval and the readings behind it; {@code null} when the step was not
 *                 measured second by second (documents from before intervals)
 * @param pooled   the steps whose readings were pooled into this figure (a plateau: every step the readings cannot
 *                 tell from the best one), in ramp order; {@code null} for one step's own figure
 * @param basis    how the point was found when not from the unthrottled ramp ("from the paced steps' latency: ..."),
 *                 else {@code null}
 * @param searchedWithinPct for a point found among paced rates: how far the next rate, where it no longer held, lay
 *                 above it, in % of that rate (the rates' resolution, as a sustainable load's); else {@code null}
 */
public record StepPoint(int step, double recordsPerSecond, double bytesPerSecond, Estimate interval, List<Integer> pooled,
                        String basis, Double searchedWithinPct) {

    public StepPoint {
        pooled = pooled == null || pooled.size() < 2 ? null : List.copyOf(pooled);
    }

    public StepPoint(int step, double recordsPerSecond, double bytesPerSecond, Estimate interval, List<Integer> pooled) {
        this(step, recordsPerSecond, bytesPerSecond, interval, pooled, null, null);
    }

    public StepPoint(int step, double recordsPerSecond, double bytesPerSecond, Estimate interval) {
        this(step, recordsPerSecond, bytesPerSecond, interval, null);
    }

    /** A point without an interval. */
    public StepPoint(int step, double recordsPerSecond, double bytesPerSecond) {
        this(step, recordsPerSecond, bytesPerSecond, null, null);
    }

    static StepPoint of(StepMeasurement m) {
        return new StepPoint(m.index(), m.recordsPerSecond(), m.bytesPerSecond(), intervalOf(m));
    }

    /**
     * The level of a plateau: the readings of {@code plateau} pooled ({@link Estimate#pooled}), named by {@code best}, the
     * step with the highest mean. Bytes follow records by the steps' own ratio.
     */
    static StepPoint pooled(StepMeasurement best, List<StepMeasurement> plateau) {
        if (plateau.size() < 2) {
            return of(best);
        }
        Estimate level = Estimate.pooled(plateau.stream().map(StepMeasurement::throughput).toList());
        double bytesPerRecord = plateau.stream().mapToDouble(StepMeasurement::bytesPerSecond).sum()
                / Math.max(1e-9, plateau.stream().mapToDouble(StepMeasurement::recordsPerSecond).sum());
        return new StepPoint(best.index(), level.mean(), level.mean() * bytesPerRecord, level,
                plateau.stream().map(StepMeasurement::index).toList());
    }

    /** The step's interval, or {@code null} for a figure that has no readings. */
    static Estimate intervalOf(StepMeasurement m) {
        return m.throughput().readings() == 0 ? null : m.throughput();
    }

    /** "±3.1 % (12 readings)", with the steps pooled when there are several, or "" without an interval. */
    public String precision() {
        return Precision.describe(interval, pooled == null ? ""
                : " of steps " + String.join(", ", pooled.stream().map(String::valueOf).toList()));
    }
}
