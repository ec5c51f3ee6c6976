package io.mqprobe.search;

import io.mqprobe.stats.Estimate;

/**
 * The most suitable maximum load: the highest throughput measured before any resource went over its threshold.
 *
 * @param limitedBy what broke at the next step, with numbers ("broker-1 CPU 82 % > 75 % at step 2")
 * @param interval  records/s with its 95 % interval and the readings behind it, or {@code null} without one
 */
public record SustainablePoint(int step, double recordsPerSecond, double bytesPerSecond, String limitedBy, Estimate interval) {

    /** A point without an interval. */
    public SustainablePoint(int step, double recordsPerSecond, double bytesPerSecond, String limitedBy) {
        this(step, recordsPerSecond, bytesPerSecond, limitedBy, null);
    }

    static SustainablePoint of(StepMeasurement m, String limitedBy) {
        return new SustainablePoint(m.index(), m.recordsPerSecond(), m.bytesPerSecond(), limitedBy, StepPoint.intervalOf(m));
    }

    /** "±3.1 % (12 readings)", or "" without an interval. */
    public String precision() {
        return Precision.describe(interval);
    }
}
