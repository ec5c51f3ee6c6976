package io.mqprobe.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/** Microsecond histogram settings shared by every recorder, so histograms from any source can be added. */
public final class LatencyHistograms {

    /** One hour: nothing a benchmark measures should take longer, and larger values are clamped. */
    public static final long HIGHEST_TRACKABLE_US = 3_600_000_000L;
    public static final int SIGNIFICANT_DIGITS = 3;

    private LatencyHistograms() {
    }

    public static Recorder newRecorder() {
        return new Recorder(HIGHEST_TRACKABLE_US, SIGNIFICANT_DIGITS);
    }

    public static Histogram newHistogram() {
        return new Histogram(HIGHEST_TRACKABLE_US, SIGNIFICANT_DIGITS);
    }

    /** Records a value, clamping into the trackable range instead of throwing on the hot path. */
    public static void record(Recorder recorder, long micros) {
        recorder.recordValue(Math.max(0, Math.min(micros, HIGHEST_TRACKABLE_US)));
    }
}
