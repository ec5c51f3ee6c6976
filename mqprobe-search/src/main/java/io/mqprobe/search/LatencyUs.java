package io.mqprobe.search;

/** Latency percentiles of one step in microseconds, measured from the intended send time. */
public record LatencyUs(double p50, double p95, double p99, double p999, double max, double mean) {
}
