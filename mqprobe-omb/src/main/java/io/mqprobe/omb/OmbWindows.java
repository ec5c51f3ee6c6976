package io.mqprobe.omb;

import io.mqprobe.load.IntervalListener;
import io.mqprobe.result.IntervalRow;
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

    /** The window being filled: what it counted since it opened. Reset when it closes, so its histograms serve every window. */
    private static final class OpenWindow {
        final Latencies latencies = new Latencies();
        long ms;
        long published;
        long errors;
        long consumed;

        void reset() {
            latencies.reset();
            ms = 0;
            published = 0;
            errors = 0;
            consumed = 0;
        }
    }

    /**
     * All one step gathers. A new step replaces it whole: only the last step's windows are kept, so a workload run
     * after a rate search (producerRate 0) reports the run at the rate found, not the search's steps.
     */
    private static final class StepState {
        final int index;
        final List<Window> windows = new ArrayList<>();
        final Latencies whole = new Latencies();
        final OpenWindow open = new OpenWindow();
        // the counters at the previous tick: each second counts what they grew by
        long lastAcked;
        long lastFailed;
        long lastConsumed;
        long lastEpochMs = -1;
        // the counters at the last second that counted: a window's backlog is read there, not after the drain
        long countedAcked;
        long countedConsumed;

        StepState(int index) {
            this.index = index;
        }
    }

    private final int subscriptions;
    // before the first tick an empty step, so a run that measured nothing reads as empty
    private StepState step = new StepState(-1);

    /** @param subscriptions subscriptions per topic that consume (OMB's backlog is sent × subscriptions − received) */
    public OmbWindows(int subscriptions) {
        this.subscriptions = subscriptions;
    }

    @Override
    public void onInterval(IntervalRow row, boolean sending, SendStats.Snapshot send, ConsumeStats.Snapshot consume) {
        if (row.step() != step.index) {
            step = new StepState(row.step());
        }
        StepState s = step;
        long acked = send == null ? 0 : send.acked();
        long failed = send == null ? 0 : send.failed();
        long consumed = consume == null ? 0 : consume.records();
        if (IntervalRow.MEASURE.equals(row.phase()) && sending) {
            OpenWindow open = s.open;
            open.ms += s.lastEpochMs < 0 ? 1000 : row.epochMs() - s.lastEpochMs;
            open.published += acked - s.lastAcked;
            open.errors += failed - s.lastFailed;
            open.consumed += consumed - s.lastConsumed;
            open.latencies.add(send, consume);
            s.whole.add(send, consume);
            s.countedAcked = acked;
            s.countedConsumed = consumed;
            if (open.ms >= WINDOW_MS - CLOSE_SLACK_MS) {
                closeWindow();
            }
        }
        s.lastAcked = acked;
        s.lastFailed = failed;
        s.lastConsumed = consumed;
        s.lastEpochMs = row.epochMs();
    }

    private void closeWindow() {
        OpenWindow open = step.open;
        long backlog = subscriptions == 0 ? 0 : Math.max(0, step.countedAcked * subscriptions - step.countedConsumed);
        step.windows.add(new Window(open.ms, open.published, open.errors, open.consumed, backlog,
                OmbPercentiles.of(open.latencies.publish), OmbPercentiles.of(open.latencies.publishCorrected),
                OmbPercentiles.of(open.latencies.publishDelay), OmbPercentiles.of(open.latencies.endToEnd)));
        open.reset();
    }

    /** Closes a last window of at least a second; call once the step has ended. */
    public void finish() {
        if (step.open.ms >= 1000) {
            closeWindow();
        }
    }

    public List<Window> windows() {
        return List.copyOf(step.windows);
    }

    /** Whole-run histograms (µs); read after the step, never modify. */
    public Histogram publish() {
        return step.whole.publish;
    }

    public Histogram publishCorrected() {
        return step.whole.publishCorrected;
    }

    public Histogram publishDelay() {
        return step.whole.publishDelay;
    }

    public Histogram endToEnd() {
        return step.whole.endToEnd;
    }
}
