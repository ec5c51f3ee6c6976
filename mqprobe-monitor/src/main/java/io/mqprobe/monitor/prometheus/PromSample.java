package io.mqprobe.monitor.prometheus;

import java.util.Map;

/**
 * One sample line of the Prometheus text exposition format.
 *
 * @param name   metric name, including suffixes such as {@code _total}, {@code _count} or {@code _bucket}
 * @param labels label names to values (unescaped), in the order they appeared
 * @param value  the value; {@code NaN} and infinities are allowed
 */
public record PromSample(String name, Map<String, String> labels, double value) {

    public PromSample {
        labels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
    }

    /** The label's value, or {@code ""} when absent (Prometheus treats both the same). */
    public String label(String labelName) {
        return labels.getOrDefault(labelName, "");
    }
}
