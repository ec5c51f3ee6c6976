package io.mqprobe.omb;

import org.HdrHistogram.Histogram;

/** The percentiles OMB reports of a latency histogram, in microseconds as mqprobe records them. */
public record OmbPercentiles(double meanUs, long p50Us, long p75Us, long p95Us, long p99Us, long p999Us, long p9999Us,
                             long p99999Us, long maxUs) {

    public static final OmbPercentiles NONE = new OmbPercentiles(0, 0, 0, 0, 0, 0, 0, 0, 0);

    public static OmbPercentiles of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return NONE;
        }
        return new OmbPercentiles(h.getMean(), h.getValueAtPercentile(50), h.getValueAtPercentile(75),
                h.getValueAtPercentile(95), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                h.getValueAtPercentile(99.99), h.getValueAtPercentile(99.999), h.getMaxValue());
    }
}
