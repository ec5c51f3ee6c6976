package io.mqprobe.api.monitor;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Turns cumulative counters (CPU ticks, bytes written, JMX meter counts) into per-second rates
 * between two readings. Not thread-safe: one sampler owns one instance.
 */
public final class CounterRates {

    private final Map<String, Reading> previous = new HashMap<>();

    private record Reading(long epochMs, double value) {
    }

    /**
     * Records {@code value} for {@code key} and returns its growth per second since the previous
     * reading, or {@code NaN} on the first reading, when no time passed, or when the counter went
     * backwards (the process restarted, so the difference means nothing).
     */
    public double perSecond(String key, double value, long epochMs) {
        Reading before = previous.put(key, new Reading(epochMs, value));
        if (before == null || epochMs <= before.epochMs() || value < before.value()) {
            return Double.NaN;
        }
        return (value - before.value()) * 1000.0 / (epochMs - before.epochMs());
    }

    /** Forgets the readings of every key not in {@code keys} (counters that are gone, e.g. ended processes). */
    public void retainOnly(Collection<String> keys) {
        previous.keySet().retainAll(keys);
    }

    /** Forgets every reading, e.g. when the measured process was replaced by a new one. */
    public void reset() {
        previous.clear();
    }
}
