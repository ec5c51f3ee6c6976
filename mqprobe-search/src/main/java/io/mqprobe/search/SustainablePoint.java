package io.mqprobe.search;

import io.mqprobe.api.stats.Estimate;

/**
 * The most suitable maximum load: the highest throughput measured before any resource went over its threshold.
 *
 * @param limitedBy         what broke at the next step, with numbers ("broker-1 CPU 82 % > 75 % at step 2")
 * @param interval          records/s with its 95 % interval and the readings behind it, or {@code null} without one;
 *                          it says how steadily the paced step ran, not where the limit lies
 * @param searchedWithinPct how far the lowest failing rate lay above this one, in % of the failing rate: the
 *                          search's resolution, within which a run-to-run difference is no evidence of a change;
 *                          {@code null} when no rate failed (the load is then a lower bound) or no search ran
 * @param heldStep          the step that held this load for longer than a search step, or {@code null} when not held
 * @param failingRecordsPerSecond the lowest offered rate that did not hold (a search step's or a hold's): with this
 *                          load, the bracket the limit lies in; {@code null} when none failed
 */
public record SustainablePoint(int step, double recordsPerSecond, double bytesPerSecond, String limitedBy, Estimate interval,
                               Double searchedWithinPct, Integer heldStep, Double failingRecordsPerSecond) {

    /** A point without an interval. */
    public SustainablePoint(int step, double recordsPerSecond, double bytesPerSecond, String limitedBy) {
        this(step, recordsPerSecond, bytesPerSecond, limitedBy, null, null);
    }

    /** A point not held, without its bracket. */
    public SustainablePoint(int step, double recordsPerSecond, double bytesPerSecond, String limitedBy, Estimate interval,
                            Double searchedWithinPct) {
        this(step, recordsPerSecond, bytesPerSecond, limitedBy, interval, searchedWithinPct, null, null);
    }

    /** The same point, held at {@code heldStep} (or not: {@code null}), below {@code failingRecordsPerSecond}. */
    SustainablePoint withHold(Integer heldStep, Double failingRecordsPerSecond) {
        return new SustainablePoint(step, recordsPerSecond, bytesPerSecond, limitedBy, interval, searchedWithinPct, heldStep,
                failingRecordsPerSecond);
    }

    /** The same point, its limit told in {@code other} words (the probe adds what it knows beyond the search). */
    public SustainablePoint withLimitedBy(String other) {
        return new SustainablePoint(step, recordsPerSecond, bytesPerSecond, other, interval, searchedWithinPct, heldStep,
                failingRecordsPerSecond);
    }

    static SustainablePoint of(StepMeasurement m, String limitedBy) {
        return of(m, limitedBy, null);
    }

    static SustainablePoint of(StepMeasurement m, String limitedBy, Double searchedWithinPct) {
        return new SustainablePoint(m.index(), m.recordsPerSecond(), m.bytesPerSecond(), limitedBy, StepPoint.intervalOf(m),
                searchedWithinPct);
    }

    /** "±3.1 % (12 readings)", or "" without an interval. */
    public String precision() {
        return Precision.describe(interval);
    }
}
