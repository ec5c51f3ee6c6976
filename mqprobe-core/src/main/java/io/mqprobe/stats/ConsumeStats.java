package io.mqprobe.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.List;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/** What the consumers of one load measure: counts, bytes and end-to-end latency from the stamped send time. */
public final class ConsumeStats {

    private final Recorder endToEnd = LatencyHistograms.newRecorder();
    private final LongAdder records = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final LongAdder unstamped = new LongAdder();
    private final LongAdder aheadMessages = new LongAdder();
    private final LongAccumulator maxAheadUs = new LongAccumulator(Math::max, 0);
    private Histogram recycled;

    /**
     * A stamped message. A negative latency means the producer's clock runs ahead of this one (another host):
     * it is counted as clock offset, not recorded as a latency of 0.
     *
     * @param endToEndUs consume time minus the intended send time stamped in the message
     */
    public void onConsumed(int sizeBytes, long endToEndUs) {
        records.increment();
        bytes.add(sizeBytes);
        if (endToEndUs >= 0) {
            LatencyHistograms.record(endToEnd, endToEndUs);
        } else {
            aheadMessages.increment();
            maxAheadUs.accumulate(-endToEndUs);
        }
    }

    /** A message without mqprobe's stamp (written by another tool): counted, no latency. */
    public void onUnstamped(int sizeBytes) {
        records.increment();
        bytes.add(sizeBytes);
        unstamped.increment();
    }

    public long records() {
        return records.sum();
    }

    /** Messages without an mqprobe stamp (written by another tool): counted, but no latency or loss check. */
    public long unstamped() {
        return unstamped.sum();
    }

    /** Messages consumed before their stamped send time, and by how much at most: the producer's clock is ahead. */
    public ClockAhead clockAhead() {
        return new ClockAhead(aheadMessages.sum(), maxAheadUs.get());
    }

    /**
     * Cumulative counters and the end-to-end histogram of the interval since the previous snapshot
     * (recycled: valid until the next call). Call from one thread.
     */
    public Snapshot snapshot(long epochMs) {
        recycled = endToEnd.getIntervalHistogram(recycled);
        return new Snapshot(epochMs, records.sum(), bytes.sum(), recycled);
    }

    /** Cumulative counters and one interval's end-to-end histogram. */
    public record Snapshot(long epochMs, long records, long bytes, Histogram endToEnd) {

        /** Several load workers' snapshots of one tick as one (exact, as {@link SendStats.Snapshot#merge}). */
        public static Snapshot merge(List<Snapshot> parts) {
            if (parts.size() == 1) {
                return parts.get(0);
            }
            Histogram endToEnd = LatencyHistograms.newHistogram();
            long epochMs = 0, records = 0, bytes = 0;
            for (Snapshot part : parts) {
                epochMs = Math.max(epochMs, part.epochMs());
                records += part.records();
                bytes += part.bytes();
                endToEnd.add(part.endToEnd());
            }
            return new Snapshot(epochMs, records, bytes, endToEnd);
        }
    }

    /**
     * @param messages   consumed before their stamped send time; 0 when the clocks agree closely enough
     * @param maxAheadUs the producer's clock is ahead of the consumer's by at least this much
     */
    public record ClockAhead(long messages, long maxAheadUs) {

        /** One line for the run's notes, or {@code null} when no offset was seen. */
        public String note() {
            if (messages == 0) {
                return null;
            }
            return String.format(java.util.Locale.ROOT, "%,d messages arrived before their stamped send time: the producer's"
                    + " clock is ahead of the consumer's by at least %.1f ms, so end-to-end latency is understated"
                    + " (synchronize the clocks, e.g. chrony)", messages, maxAheadUs / 1000.0);
        }
    }
}
