package io.mqprobe.omb;

import io.mqprobe.load.IntervalListener;
import io.mqprobe.load.IntervalRow;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.LatencyHistograms;
import io.mqprobe.stats.SendStats;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * Folds a step's one-second intervals into OMB's windows of about 10 s and into whole-run histograms. Only
 * measured seconds in which the load was still sending count: OMB's file has neither the warm-up nor a drain tail.
 * A last window shorter than 10 s is kept when it holds at least a second (its rates use its own length), so a
 * short try still has figures.
 */
public final class OmbWindows implements IntervalListener {

    /** OMB's reporting period. */
    public static final long WINDOW_MS = 10_000;
    /** Ticks land about a second apart, not exactly: a window closes within half a tick of its length. */
    private static final long CLOSE_SLACK_MS = 500;

    /** One window as OMB reports it: counts over {@code durationMs}, latencies in µs. */
    public record Window(long durationMs, long published, long publishErrors, long consumed, long backlog,
                         OmbPercentiles publish, OmbPercentiles publishCorrected, OmbPercentiles publishDelay,
                         OmbPercentiles endToEnd) {

        public double publishRate() {
            return published * 1000.0 / durationMs;
        }

        public double publishErrorRate() {
            return publishErrors * 1000.0 / durationMs;
        }

        public double consumeRate() {
            return consumed * 1000.0 / durationMs;
        }
    }

    /** Service (send to ack), corrected (intended send to ack), send delay and end-to-end histograms. */
    private static final class Latencies {
        final Histogram publish = LatencyHistograms.newHistogram();
        final Histogram publishCorrected = LatencyHistograms.newHistogram();
        final Histogram publishDelay = LatencyHistograms.newHistogram();
        final Histogram endToEnd = LatencyHistograms.newHistogram();

        void add(SendStats.Snapshot send, ConsumeStats.Snapshot consume) {
            if (send != null) {
                publish.add(send.service());
                publishCorrected.add(send.corrected());
                publishDelay.add(send.sendDelay());
            }
            if (consume != null) {
                endToEnd.add(consume.endToEnd());
            }
        }

        void reset() {
            publish.reset();
            publishCorrected.reset();
            publishDelay.reset();
            endToEnd.reset();
        }
    }

    private final int subscriptions;
    private final List<Window> windows = new ArrayList<>();
    private final Latencies whole = new Latencies();
    private final Latencies open = new Latencies();
    private long openMs;
    private long openPublished;
    private long openErrors;
    private long openConsumed;
    private long lastAcked;
    private long lastFailed;
    private long lastConsumed;
    private long lastEpochMs = -1;
    private int step = -1;
    // the counters at the last second that counted: a window's backlog is read there, not after the drain
    private long countedAcked;
    private long countedConsumed;

    /** @param subscriptions subscriptions per topic that consume (OMB's backlog is sent × subscriptions − received) */
    public OmbWindows(int subscriptions) {
        this.subscriptions = subscriptions;
    }

    @Override
    public void onInterval(IntervalRow row, boolean sending, SendStats.Snapshot send, ConsumeStats.Snapshot consume) {
        if (row.step() != step) {
            startStep(row.step());
        }
        long acked = send == null ? 0 : send.acked();
        long failed = send == null ? 0 : send.failed();
        long consumed = consume == null ? 0 : consume.records();
        if (IntervalRow.MEASURE.equals(row.phase()) && sending) {
            openMs += lastEpochMs < 0 ? 1000 : row.epochMs() - lastEpochMs;
            openPublished += acked - lastAcked;
            openErrors += failed - lastFailed;
            openConsumed += consumed - lastConsumed;
            open.add(send, consume);
            whole.add(send, consume);
            countedAcked = acked;
            countedConsumed = consumed;
            if (openMs >= WINDOW_MS - CLOSE_SLACK_MS) {
                closeWindow();
            }
        }
        lastAcked = acked;
        lastFailed = failed;
        lastConsumed = consumed;
        lastEpochMs = row.epochMs();
    }

    /**
     * A new step starts its counters from zero: only the last step's windows are kept, so a workload run after a rate
     * search (producerRate 0) reports the run at the rate found, not the search's steps.
     */
    private void startStep(int index) {
        step = index;
        windows.clear();
        whole.reset();
        open.reset();
        openMs = 0;
        openPublished = 0;
        openErrors = 0;
        openConsumed = 0;
        lastAcked = 0;
        lastFailed = 0;
        lastConsumed = 0;
        lastEpochMs = -1;
        countedAcked = 0;
        countedConsumed = 0;
    }

    private void closeWindow() {
        long backlog = subscriptions == 0 ? 0 : Math.max(0, countedAcked * subscriptions - countedConsumed);
        windows.add(new Window(openMs, openPublished, openErrors, openConsumed, backlog, OmbPercentiles.of(open.publish),
                OmbPercentiles.of(open.publishCorrected), OmbPercentiles.of(open.publishDelay),
                OmbPercentiles.of(open.endToEnd)));
        open.reset();
        openMs = 0;
        openPublished = 0;
        openErrors = 0;
        openConsumed = 0;
    }

    /** Closes a last window of at least a second; call once the step has ended. */
    public void finish() {
        if (openMs >= 1000) {
            closeWindow();
        }
    }

    public List<Window> windows() {
        return List.copyOf(windows);
    }

    /** Whole-run histograms (µs); read after the step, never modify. */
    public Histogram publish() {
        return whole.publish;
    }

    public Histogram publishCorrected() {
        return whole.publishCorrected;
    }

    public Histogram publishDelay() {
        return whole.publishDelay;
    }

    public Histogram endToEnd() {
        return whole.endToEnd;
    }
}
