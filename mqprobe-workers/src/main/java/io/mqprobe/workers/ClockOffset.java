package io.mqprobe.workers;

import java.util.Locale;

/**
 * How far a worker's wall clock is from the coordinator's ({@code offsetUs}, positive when the worker is ahead), give
 * or take {@code uncertaintyUs}.
 */
public record ClockOffset(long offsetUs, long uncertaintyUs) {

    /** Above this (beyond its uncertainty) end-to-end latencies across the two clocks are not to be trusted as they are. */
    static final long MATTERS_US = 1_000;

    /** True when the offset, beyond its uncertainty, is large enough to distort an end-to-end latency. */
    public boolean matters() {
        return Math.abs(offsetUs) - uncertaintyUs > MATTERS_US;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%+.2f ms \u00b1%.2f ms", offsetUs / 1000.0, uncertaintyUs / 1000.0);
    }
}
