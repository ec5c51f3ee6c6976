package io.mqprobe.experiment;

import io.mqprobe.result.Verdict;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an experiment run measured and judged.
 *
 * @param steps       every measured step, oldest first
 * @param verdicts    each completed scenario's verdict, in the order the scenarios started (skipped ones absent)
 * @param interrupted true when the run was cancelled before the planner was done
 */
public record ExperimentResult(List<MeasuredStep> steps, Map<String, Verdict> verdicts, boolean interrupted) {

    public ExperimentResult {
        steps = List.copyOf(steps);
        verdicts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(verdicts));
    }

    /** The last measured step, if any ran. */
    public Optional<MeasuredStep> lastStep() {
        return steps.isEmpty() ? Optional.empty() : Optional.of(steps.get(steps.size() - 1));
    }
}
