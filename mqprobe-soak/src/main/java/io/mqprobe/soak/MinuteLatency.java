package io.mqprobe.soak;

import io.mqprobe.load.IntervalListener;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.LatencyHistograms;
import io.mqprobe.stats.SendStats;
import org.HdrHistogram.Histogram;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The soak's latency per minute from every measured second's full histograms: a minute's p99 is the p99 of all its
 * sends, not an average of sixty p99s. Only the current minute's histograms are kept; a finished minute keeps its
 * percentiles alone, so an hour-long soak holds sixty small records, not sixty histograms.
 */
final class MinuteLatency implements IntervalListener {

    /** Percentiles of one minute, in microseconds; {@code e2eP99Us} is null when nothing was read. */
    record Percentiles(double p99Us, double p999Us, Double e2eP99Us) {
    }

    private final int step;
    private final Map<Integer, Percentiles> finished = new ConcurrentHashMap<>();
    private final Histogram sends = LatencyHistograms.newHistogram();
    private final Histogram reads = LatencyHistograms.newHistogram();
    private long originMs = -1;
    private int current = -1;

    /** @param step the soak's own step: a warm-up's seconds are no minute of the soak */
    MinuteLatency(int step) {
        this.step = step;
    }

    @Override
    public synchronized void onInterval(IntervalRow row, boolean sending, SendStats.Snapshot send,
                                        ConsumeStats.Snapshot consume) {
        if (row.step() != step || !IntervalRow.MEASURE.equals(row.phase()) || !sending || send == null) {
            return;
        }
        if (originMs < 0) {
            originMs = row.epochMs();
        }
        int minute = MinuteSeries.minuteOf(row.epochMs(), originMs);
        if (minute != current) {
            close();
            current = minute;
        }
        sends.add(send.corrected());
        if (consume != null && consume.endToEnd() != null) {
            reads.add(consume.endToEnd());
        }
    }

    /** The minute's percentiles, the current one's included. */
    synchronized Percentiles of(int minute) {
        if (minute == current && sends.getTotalCount() > 0) {
            return percentiles();
        }
        return finished.get(minute);
    }

    private void close() {
        if (current >= 0 && sends.getTotalCount() > 0) {
            finished.put(current, percentiles());
        }
        sends.reset();
        reads.reset();
    }

    private Percentiles percentiles() {
        return new Percentiles(sends.getValueAtPercentile(99), sends.getValueAtPercentile(99.9),
                reads.getTotalCount() == 0 ? null : (double) reads.getValueAtPercentile(99));
    }
}
