package io.mqprobe.probe;

import io.mqprobe.api.InstanceSpec;
import io.mqprobe.scenario.ScenarioSpec;

import java.time.Duration;
import java.util.List;

/**
 * A probe's whole plan, validated before a cluster starts: its scenarios, the settings they share (ramp, thresholds),
 * the ceilings asked, topic handling, the broker sizes to compare ({@code --specs}), whether to profile and how long
 * each probe of a cluster may take ({@code timeBudget}, {@link TimeBudget}; {@code null} for no limit).
 */
public record ProbePlan(List<ScenarioSpec> scenarios, ProbeSettings settings, CeilingsStep.Asked ceilings, boolean keepTopics,
                        List<InstanceSpec> specs, boolean profile, Duration timeBudget) {
}
