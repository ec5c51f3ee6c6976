package io.mqprobe.probe;

import io.mqprobe.api.InstanceSpec;
import io.mqprobe.scenario.ScenarioSpec;

import java.util.List;

/**
 * A probe's whole plan, validated before a cluster starts: its scenarios, the settings they share (ramp, thresholds),
 * the ceilings asked, topic handling, the broker sizes to compare ({@code --specs}) and whether to profile.
 */
public record ProbePlan(List<ScenarioSpec> scenarios, ProbeSettings settings, CeilingsStep.Asked ceilings, boolean keepTopics,
                        List<InstanceSpec> specs, boolean profile) {
}
