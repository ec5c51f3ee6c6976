package io.mqprobe.search;

import io.mqprobe.stats.Estimate;

/**
 * A measured step named by its index, with its acknowledged throughput.
 *
 * @param interval records/s with its 95 % interval and the readings behind it; {@code null} when the step was not
 *                 measured second by second (documents from before intervals)
 */
public record StepPoint(int step, double recordsPerSecond, double bytesPerSecond, Estimate interval) {

    /** A point without an interval. */
    public StepPoint(int step, double recordsPerSecond, double bytesPerSecond) {
        this(step, recordsPerSecond, bytesPerSecond, null);
    }

    static StepPoint of(StepMeasurement m) {
        return new StepPoint(m.index(), m.recordsPerSecond(), m.bytesPerSecond(), intervalOf(m));
    }

    /** The step's interval, or {@code null} for a figure that has no readings. */
    static Estimate intervalOf(StepMeasurement m) {
        return m.throughput().readings() == 0 ? null : m.throughput();
    }

    /** "±3.1 % (12 readings)", or "" without an interval. */
    public String precision() {
        return Precision.describe(interval);
    }
}
