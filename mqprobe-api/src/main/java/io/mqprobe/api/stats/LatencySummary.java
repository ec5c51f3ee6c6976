package io.mqprobe.api.stats;

import org.HdrHistogram.Histogram;

/**
 * Percentiles of a latency histogram in microseconds; all zero when nothing was recorded. The one
 * latency-summary type: steps in the result document, the search's step measurements and verdicts.
 * (Lives in the API module so the search, which sees no load engine, uses it too.)
 */
public record LatencySummary(double p50, double p95, double p99, double p999, double max, double mean, long count) {

    public static LatencySummary of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(h.getValueAtPercentile(50), h.getValueAtPercentile(95), h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9), h.getMaxValue(), h.getMean(), h.getTotalCount());
    }
}
