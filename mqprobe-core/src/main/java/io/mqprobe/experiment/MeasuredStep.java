package io.mqprobe.experiment;

import io.mqprobe.load.StepLoad;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.ActionRecord;
import io.mqprobe.result.StepResult;

import java.util.List;

/**
 * A planned step and what running it measured, or found: what planners and verdicts look at.
 *
 * @param outcome  what its load measured; {@code null} for a step of work ({@link StepLoad.Work}), which has none
 * @param actions  its timed actions as they happened by the end of the step (one still running then is absent)
 * @param findings what a step of work found, or {@code null} for a step of load
 */
public record MeasuredStep(StepPlan plan, StepRunner.Outcome outcome, List<ActionRecord> actions, Object findings) {

    public MeasuredStep {
        actions = List.copyOf(actions);
    }

    /** A step of load without actions. */
    public MeasuredStep(StepPlan plan, StepRunner.Outcome outcome) {
        this(plan, outcome, List.of(), null);
    }

    /** A step of work and what it found. */
    public static MeasuredStep ofWork(StepPlan plan, Object findings) {
        return new MeasuredStep(plan, null, List.of(), findings);
    }

    public StepResult result() {
        return outcome.step();
    }
}
