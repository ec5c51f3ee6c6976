package io.mqprobe.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Everything the producers of one load measure, written concurrently from sender threads and client
 * I/O threads without locks or allocation, read once per interval by {@link #snapshot}.
 */
public final class SendStats {

    /** The last-acknowledgement time is written at most once per this many µs, so acks do not fight over it. */
    private static final long ACK_TIME_RESOLUTION_US = 1000;

    private final Recorder corrected = LatencyHistograms.newRecorder();
    private final Recorder service = LatencyHistograms.newRecorder();
    private final Recorder sendDelay = LatencyHistograms.newRecorder();
    private final LongAdder sent = new LongAdder();
    private final LongAdder acked = new LongAdder();
    private final LongAdder ackedBytes = new LongAdder();
    private final LongAdder unsent = new LongAdder();
    private final ErrorCounts errors = new ErrorCounts();
    private final AtomicLong lastAckEpochMicros = new AtomicLong();
    private volatile long startedEpochMicros;
    private volatile LongSupplier oldestInFlightUs = () -> 0;
    // handed back to the recorders on the next snapshot: one interval's histograms are reused, not reallocated
    private Histogram recycledCorrected;
    private Histogram recycledService;
    private Histogram recycledSendDelay;
    private long ackedAtLastSnapshot;

    /** The producers are ready and the schedule starts now: the window of a count-bounded run starts here. */
    public void onStarted(long epochMicros) {
        startedEpochMicros = epochMicros;
    }

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
     * @param epochMicros when the acknowledgement arrived
     */
    public void onAcked(int bytes, long correctedUs, long serviceUs, long epochMicros) {
        acked.increment();
        ackedBytes.add(bytes);
        LatencyHistograms.record(corrected, correctedUs);
        LatencyHistograms.record(service, serviceUs);
        if (epochMicros - lastAckEpochMicros.get() >= ACK_TIME_RESOLUTION_US) {
            lastAckEpochMicros.accumulateAndGet(epochMicros, Math::max);
        }
    }

    /**
     * A message that was due before the load ended but never sent (the client fell behind, or was blocked
     * on full buffers): its latency is at least {@code lateUs}, so it counts in the corrected histogram
     * rather than vanishing and capping an overloaded step's percentiles near the step length.
     */
    public void onUnsent(long lateUs) {
        unsent.increment();
        LatencyHistograms.record(corrected, lateUs);
    }

    public void onFailed(Throwable error) {
        errors.add(error);
    }

    /** Where the load can tell how long its oldest in-flight message has waited, in µs (0 = none in flight). */
    public void oldestInFlight(LongSupplier ageUs) {
        this.oldestInFlightUs = ageUs;
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
     * Cumulative counters and the histograms of the interval since the previous snapshot. The histograms
     * are recycled: they are valid only until the next call. Call from one thread.
     */
    public Snapshot snapshot(long epochMs) {
        recycledCorrected = corrected.getIntervalHistogram(recycledCorrected);
        recycledService = service.getIntervalHistogram(recycledService);
        recycledSendDelay = sendDelay.getIntervalHistogram(recycledSendDelay);
        long ackedNow = acked.sum();
        long sentNow = sent.sum();
        long failedNow = errors.total();
        // the in-flight scan costs a pass over every stream's ring: only a second without acknowledgements needs it
        long oldestUs = ackedNow == ackedAtLastSnapshot && sentNow > ackedNow + failedNow ? oldestInFlightUs.getAsLong() : 0;
        ackedAtLastSnapshot = ackedNow;
        return new Snapshot(epochMs, sentNow, ackedNow, ackedBytes.sum(), failedNow, errors.snapshot(),
                recycledCorrected, recycledService, recycledSendDelay, unsent.sum(), startedEpochMicros / 1000,
                lastAckEpochMicros.get() / 1000, oldestUs);
    }

    /**
     * Counters are cumulative since the load started; histograms cover one interval (valid until the next
     * snapshot).
     *
     * @param unsent           messages due before the end but never sent (recorded in {@code corrected})
     * @param startedEpochMs   when the schedule started, 0 before
     * @param lastAckEpochMs   when the latest acknowledgement arrived (to the millisecond), 0 before any
     * @param oldestInFlightUs in an interval without acknowledgements, how long the oldest unacknowledged
     *                         message has waited since it was sent; 0 otherwise
     */
    public record Snapshot(long epochMs, long sent, long acked, long ackedBytes, long failed,
                           Map<String, Long> errorsByType, Histogram corrected, Histogram service, Histogram sendDelay,
                           long unsent, long startedEpochMs, long lastAckEpochMs, long oldestInFlightUs) {

        /**
         * The snapshots of several load workers taken at one tick, as one: counters summed, histograms added
         * (exact: the merged percentiles are those of one histogram fed every value), the earliest start, the latest
         * acknowledgement, the longest wait. One snapshot is returned as it is.
         */
        public static Snapshot merge(List<Snapshot> parts) {
            if (parts.size() == 1) {
                return parts.get(0);
            }
            Histogram corrected = LatencyHistograms.newHistogram();
            Histogram service = LatencyHistograms.newHistogram();
            Histogram sendDelay = LatencyHistograms.newHistogram();
            Map<String, Long> errors = new TreeMap<>();
            long epochMs = 0, sent = 0, acked = 0, ackedBytes = 0, failed = 0, unsent = 0;
            long startedEpochMs = Long.MAX_VALUE, lastAckEpochMs = 0, oldestInFlightUs = 0;
            for (Snapshot part : parts) {
                epochMs = Math.max(epochMs, part.epochMs());
                sent += part.sent();
                acked += part.acked();
                ackedBytes += part.ackedBytes();
                failed += part.failed();
                unsent += part.unsent();
                part.errorsByType().forEach((type, count) -> errors.merge(type, count, Long::sum));
                corrected.add(part.corrected());
                service.add(part.service());
                sendDelay.add(part.sendDelay());
                // a worker whose schedule has not started yet (0) does not move the load's start
                if (part.startedEpochMs() > 0) {
                    startedEpochMs = Math.min(startedEpochMs, part.startedEpochMs());
                }
                lastAckEpochMs = Math.max(lastAckEpochMs, part.lastAckEpochMs());
                oldestInFlightUs = Math.max(oldestInFlightUs, part.oldestInFlightUs());
            }
            return new Snapshot(epochMs, sent, acked, ackedBytes, failed, errors, corrected, service, sendDelay, unsent,
                    startedEpochMs == Long.MAX_VALUE ? 0 : startedEpochMs, lastAckEpochMs, oldestInFlightUs);
        }
    }
}
