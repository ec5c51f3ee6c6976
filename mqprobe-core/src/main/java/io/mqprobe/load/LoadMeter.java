package io.mqprobe.load;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.WindowTotals;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.ErrorCounts;
import io.mqprobe.api.stats.Estimate;
import io.mqprobe.stats.LatencyHistograms;
import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.stats.SendStats;
import org.HdrHistogram.Histogram;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * Turns cumulative load counters into per-second rows and sums the measured (post warm-up) ticks
 * into window totals. Called from one thread, once a second: off the hot path.
 */
public final class LoadMeter {

    /** Each load worker's producer and consumer figures; a tick merges them ({@link SendStats.Snapshot#merge}). */
    private final List<LongFunction<SendStats.Snapshot>> senders;
    private final List<LongFunction<ConsumeStats.Snapshot>> consumers;
    private final boolean producing;
    private final boolean consuming;
    private final String scenario;
    private final int step;
    private final IntervalListener listener;

    /** How far the producers' clock may read from the ticks' before a stamp is taken for a stepped wall clock's. */
    private static final long CLOCKS_APART_MS = 1_000;

    private final Histogram windowCorrected = LatencyHistograms.newHistogram();
    private final Histogram windowService = LatencyHistograms.newHistogram();
    private final Histogram windowSendDelay = LatencyHistograms.newHistogram();
    private final Histogram windowEndToEnd = LatencyHistograms.newHistogram();

    private SendStats.Snapshot lastSend;
    private ConsumeStats.Snapshot lastConsume;
    private long lastEpochMs;
    private SendStats.Snapshot windowStartSend;
    private ConsumeStats.Snapshot windowStartConsume;
    private long windowStartMs = -1;
    private long windowEndMs = -1;
    private long sendEndMs = -1;
    /** The tick before the last with progress: the last acknowledgement fell after it. */
    private long sendEndPreviousMs = -1;
    private long consumeEndMs = -1;
    private SendStats.Snapshot windowEndSend;
    private ConsumeStats.Snapshot windowEndConsume;
    /** Per-second throughput and p99 of the measured seconds in which the load was still sending (see {@link #tick}). */
    private double[] throughputReadings = new double[16];
    private double[] p99Readings = new double[16];
    private int readings;

    /**
     * @param send    producer stats, or {@code null} for a consume-only load
     * @param consume consumer stats, or {@code null} for a produce-only load
     */
    public LoadMeter(SendStats send, ConsumeStats consume, String scenario, int step, long startEpochMs) {
        this(send == null ? List.of() : List.of(send::snapshot), consume == null ? List.of() : List.of(consume::snapshot),
                scenario, step, startEpochMs);
    }

    /**
     * A load carried by several workers, each read once per tick; the rows and the window are those of the whole load.
     *
     * @param senders   each worker's producer snapshots, empty for a consume-only load
     * @param consumers each worker's consumer snapshots, empty for a produce-only load
     */
    public LoadMeter(List<LongFunction<SendStats.Snapshot>> senders, List<LongFunction<ConsumeStats.Snapshot>> consumers,
                     String scenario, int step, long startEpochMs) {
        this(senders, consumers, scenario, step, startEpochMs, IntervalListener.NONE);
    }

    /** As above; {@code listener} sees every interval with its histograms before they are recycled. */
    public LoadMeter(List<LongFunction<SendStats.Snapshot>> senders, List<LongFunction<ConsumeStats.Snapshot>> consumers,
                     String scenario, int step, long startEpochMs, IntervalListener listener) {
        this.listener = listener;
        this.senders = List.copyOf(senders);
        this.consumers = List.copyOf(consumers);
        this.producing = !senders.isEmpty();
        this.consuming = !consumers.isEmpty();
        this.scenario = scenario;
        this.step = step;
        this.lastEpochMs = startEpochMs;
        this.lastSend = sendSnapshot(startEpochMs);
        this.lastConsume = consumeSnapshot(startEpochMs);
    }

    private SendStats.Snapshot sendSnapshot(long epochMs) {
        return producing ? SendStats.Snapshot.merge(senders.stream().map(w -> w.apply(epochMs)).toList()) : null;
    }

    private ConsumeStats.Snapshot consumeSnapshot(long epochMs) {
        return consuming ? ConsumeStats.Snapshot.merge(consumers.stream().map(w -> w.apply(epochMs)).toList()) : null;
    }

    /** Takes one interval of a load that is still sending; {@code measured} ticks count toward the window. */
    public IntervalRow tick(long epochMs, boolean measured) {
        return tick(epochMs, measured, true);
    }

    /**
     * Takes one interval; {@code measured} ticks count toward the window. A measured tick is also a reading of the
     * step's precision ({@link #throughputEstimate()}) when the load was still {@code sending} at its end: a second in
     * which sending ended, or only acknowledgements of earlier sends trickled in, is not a second of the load.
     */
    public IntervalRow tick(long epochMs, boolean measured, boolean sending) {
        double seconds = Math.max(1e-3, (epochMs - lastEpochMs) / 1000.0);
        SendStats.Snapshot s = sendSnapshot(epochMs);
        ConsumeStats.Snapshot c = consumeSnapshot(epochMs);
        if (measured && windowStartMs < 0) {
            windowStartMs = lastEpochMs;
            windowStartSend = lastSend;
            windowStartConsume = lastConsume;
        }
        if (measured) {
            windowEndMs = epochMs;
            // each side's window ends at its last tick with progress, so the tail where only the other
            // side (consumers catching up, or producers draining) still works does not dilute its rate
            if (s != null && (windowEndSend == null || s.acked() + s.failed() > windowEndSend.acked() + windowEndSend.failed())) {
                windowEndSend = s;
                sendEndMs = epochMs;
                sendEndPreviousMs = lastEpochMs;
            }
            if (c != null && (windowEndConsume == null || c.records() > windowEndConsume.records())) {
                windowEndConsume = c;
                consumeEndMs = epochMs;
            }
            if (s != null) {
                windowCorrected.add(s.corrected());
                windowService.add(s.service());
                windowSendDelay.add(s.sendDelay());
            }
            if (c != null) {
                windowEndToEnd.add(c.endToEnd());
            }
        }
        IntervalRow row = new IntervalRow(epochMs, scenario, step, measured ? IntervalRow.MEASURE : IntervalRow.WARMUP,
                s == null ? 0 : (s.sent() - lastSend.sent()) / seconds,
                s == null ? 0 : (s.acked() - lastSend.acked()) / seconds,
                s == null ? 0 : (s.ackedBytes() - lastSend.ackedBytes()) / seconds,
                s == null ? 0 : stalledOr(s, s.corrected().getValueAtPercentile(99)),
                s == null ? 0 : s.corrected().getMean(),
                s == null ? 0 : stalledOr(s, s.corrected().getMaxValue()),
                s == null ? 0 : s.service().getMean(),
                s == null ? 0 : s.service().getMaxValue(),
                s == null ? 0 : s.failed() - lastSend.failed(),
                c == null ? null : (c.records() - lastConsume.records()) / seconds,
                c == null ? null : (double) c.endToEnd().getValueAtPercentile(99),
                c == null ? null : c.endToEnd().getMean(),
                c == null ? null : (double) c.endToEnd().getMaxValue());
        listener.onInterval(row, sending, s, c);
        if (measured && sending) {
            addReading(producing ? row.ackedPerSecond() : row.consumedPerSecond(),
                    producing ? row.p99Us() : row.e2eP99Us() == null ? 0 : row.e2eP99Us());
        }
        lastEpochMs = epochMs;
        lastSend = s;
        lastConsume = c;
        return row;
    }

    /**
     * A second in which nothing was acknowledged while messages waited is a stall, not a perfect second:
     * its latency is at least how long the oldest in-flight message has waited.
     */
    private static double stalledOr(SendStats.Snapshot s, double latencyUs) {
        return s.corrected().getTotalCount() == 0 && s.oldestInFlightUs() > 0 ? s.oldestInFlightUs() : latencyUs;
    }

    private void addReading(double throughput, double p99Us) {
        if (readings == throughputReadings.length) {
            throughputReadings = Arrays.copyOf(throughputReadings, readings * 2);
            p99Readings = Arrays.copyOf(p99Readings, readings * 2);
        }
        throughputReadings[readings] = throughput;
        p99Readings[readings++] = p99Us;
    }

    /** Throughput (acknowledged, or consumed for a consume-only load) per second, from the readings so far. */
    public Estimate throughputEstimate() {
        return Estimate.batchMeans(Arrays.copyOf(throughputReadings, readings));
    }

    /** p99 latency of each second (corrected, or end-to-end for a consume-only load), from the readings so far. */
    public Estimate p99Estimate() {
        return Estimate.batchMeans(Arrays.copyOf(p99Readings, readings));
    }

    public boolean hasMeasured() {
        return windowStartMs >= 0;
    }

    /** Totals over the measured ticks so far (all zero before the first one). */
    public WindowTotals window() {
        if (windowStartMs < 0) {
            return new WindowTotals(lastEpochMs, lastEpochMs, 0, 0, Map.of(), LatencySummary.of(windowCorrected),
                    LatencySummary.of(windowService), LatencySummary.of(windowSendDelay), 0, 0,
                    consuming ? LatencySummary.of(windowEndToEnd) : null, lastEpochMs,
                    throughputEstimate(), p99Estimate());
        }
        if (producing && windowEndSend == null) {
            windowEndSend = windowStartSend;
            sendEndMs = windowStartMs;
        }
        if (consuming && windowEndConsume == null) {
            windowEndConsume = windowStartConsume;
            consumeEndMs = windowStartMs;
        }
        long fromMs = windowStartMs;
        long sendToMs = Math.max(sendEndMs, windowStartMs + 1);
        if (producing) {
            // ticks fall on whole seconds; a count-bounded load starts when its producers are ready and ends
            // with its last acknowledgement, so its rate is divided by that time, not by rounded-up seconds. The last
            // acknowledgement fell after the tick before the last with progress; one stamped well before it was
            // stamped by a wall clock stepped since the ticks began (StepLoop), and would cut the window by the step
            fromMs = Math.max(windowStartMs, windowEndSend.startedEpochMs());
            long lastAckMs = windowEndSend.lastAckEpochMs();
            if (lastAckMs > fromMs && lastAckMs < sendToMs && lastAckMs > sendEndPreviousMs - CLOCKS_APART_MS) {
                sendToMs = lastAckMs;
            }
            sendToMs = Math.max(sendToMs, fromMs + 1);
        }
        long records = !producing ? 0 : windowEndSend.acked() - windowStartSend.acked();
        long bytes = !producing ? 0 : windowEndSend.ackedBytes() - windowStartSend.ackedBytes();
        Map<String, Long> errors = !producing ? Map.of()
                : ErrorCounts.difference(windowEndSend.errorsByType(), windowStartSend.errorsByType());
        long consumed = !consuming ? 0 : windowEndConsume.records() - windowStartConsume.records();
        long consumedBytes = !consuming ? 0 : windowEndConsume.bytes() - windowStartConsume.bytes();
        return new WindowTotals(fromMs, !producing ? windowEndMs : sendToMs, records,
                bytes, errors, LatencySummary.of(windowCorrected), LatencySummary.of(windowService),
                LatencySummary.of(windowSendDelay), consumed, consumedBytes,
                consuming ? LatencySummary.of(windowEndToEnd) : null,
                consuming ? Math.max(consumeEndMs, fromMs + 1) : windowEndMs, throughputEstimate(), p99Estimate());
    }
}
