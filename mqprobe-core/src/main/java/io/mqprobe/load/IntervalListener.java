package io.mqprobe.load;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.SendStats;

/**
 * Receives each one-second interval with its full latency histograms, for readers that need more than a
 * row's p99 (OMB's 10-second windows want every percentile). Called on the step's ticking thread.
 */
@FunctionalInterface
public interface IntervalListener {

    IntervalListener NONE = (row, sending, send, consume) -> { };

    /**
     * @param row     the interval as the result document stores it
     * @param sending the load was still sending at the interval's end (not only draining)
     * @param send    the producers' cumulative counters and this interval's histograms, or {@code null} when none ran;
     *                the histograms are recycled after the call: add them somewhere, never keep them
     * @param consume the consumers' figures on the same terms, or {@code null} when none ran
     */
    void onInterval(IntervalRow row, boolean sending, SendStats.Snapshot send, ConsumeStats.Snapshot consume);
}
