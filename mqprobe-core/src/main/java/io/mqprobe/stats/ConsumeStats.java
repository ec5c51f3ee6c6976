package io.mqprobe.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.atomic.LongAdder;

/** What the consumers of one load measure: counts, bytes and end-to-end latency from the stamped send time. */
public final class ConsumeStats {

    private final Recorder endToEnd = LatencyHistograms.newRecorder();
    private final LongAdder records = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final LongAdder unstamped = new LongAdder();

    /** @param endToEndUs consume time minus the intended send time stamped in the message; negative = unknown */
    public void onConsumed(int sizeBytes, long endToEndUs) {
        records.increment();
        bytes.add(sizeBytes);
        if (endToEndUs >= 0) {
            LatencyHistograms.record(endToEnd, endToEndUs);
        } else {
            unstamped.increment();
        }
    }

    public long records() {
        return records.sum();
    }

    /** Messages without an mqprobe stamp (written by another tool): counted, but no latency or loss check. */
    public long unstamped() {
        return unstamped.sum();
    }

    /** Cumulative counters and the end-to-end histogram of the interval since the previous snapshot. */
    public Snapshot snapshot(long epochMs) {
        return new Snapshot(epochMs, records.sum(), bytes.sum(), endToEnd.getIntervalHistogram());
    }

    /** Cumulative counters and one interval's end-to-end histogram. */
    public record Snapshot(long epochMs, long records, long bytes, Histogram endToEnd) {
    }
}
