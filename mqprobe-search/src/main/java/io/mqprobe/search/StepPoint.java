package io.mqprobe.search;

/** A measured step named by its index, with its acknowledged throughput. */
public record StepPoint(int step, double recordsPerSecond, double bytesPerSecond) {

    static StepPoint of(StepMeasurement m) {
        return new StepPoint(m.index(), m.recordsPerSecond(), m.bytesPerSecond());
    }
}
