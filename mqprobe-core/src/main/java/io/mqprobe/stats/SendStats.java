package io.mqprobe.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.atomic.LongAdder;

/**
 * Everything the producers of one load measure, written concurrently from sender threads and client
 * I/O threads without locks, read once per interval by {@link #snapshot}.
 */
public final class SendStats {

    private final Recorder corrected = LatencyHistograms.newRecorder();
    private final Recorder service = LatencyHistograms.newRecorder();
    private final Recorder sendDelay = LatencyHistograms.newRecorder();
    private final LongAdder sent = new LongAdder();
    private final LongAdder acked = new LongAdder();
    private final LongAdder ackedBytes = new LongAdder();
    private final ErrorCounts errors = new ErrorCounts();

    /**
     * @param sendDelayUs how late the send happened against its intended time (grows when the client saturates)
     */
    public void onSent(long sendDelayUs) {
        sent.increment();
        LatencyHistograms.record(sendDelay, sendDelayUs);
    }

    /**
     * @param correctedUs acknowledgement time minus intended send time (coordinated omission corrected)
     * @param serviceUs   acknowledgement time minus actual send time
     */
    public void onAcked(int bytes, long correctedUs, long serviceUs) {
        acked.increment();
        ackedBytes.add(bytes);
        LatencyHistograms.record(corrected, correctedUs);
        LatencyHistograms.record(service, serviceUs);
    }

    public void onFailed(Throwable error) {
        errors.add(error);
    }

    public long sent() {
        return sent.sum();
    }

    public long acked() {
        return acked.sum();
    }

    /** Acknowledged plus failed: sends that are no longer in flight. */
    public long completed() {
        return acked.sum() + errors.total();
    }

    /**
     * Cumulative counters and the histograms of the interval since the previous snapshot. Taken once a
     * second, so its few histogram allocations stay off the hot path.
     */
    public Snapshot snapshot(long epochMs) {
        return new Snapshot(epochMs, sent.sum(), acked.sum(), ackedBytes.sum(), errors.total(), errors.snapshot(),
                corrected.getIntervalHistogram(), service.getIntervalHistogram(), sendDelay.getIntervalHistogram());
    }

    /** Counters are cumulative since the load started; histograms cover one interval. */
    public record Snapshot(long epochMs, long sent, long acked, long ackedBytes, long failed,
                           java.util.Map<String, Long> errorsByType,
                           Histogram corrected, Histogram service, Histogram sendDelay) {
    }
}
