package io.mqprobe.search;

/**
 * What one scenario's ramp found. {@code knee} is {@code null} when throughput never plateaued,
 * {@code sustainable} is {@code null} when already the first step broke a threshold, and {@code ceiling}
 * is {@code null} only when no step was measured.
 */
public record ScenarioVerdict(StepPoint ceiling, StepPoint knee, SustainablePoint sustainable, Bottleneck bottleneck,
                              String stopReason) {
}
