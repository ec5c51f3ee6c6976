package io.mqprobe.experiment;

import io.mqprobe.load.StepRunner;
import io.mqprobe.result.StepResult;

/** A planned step and what running it measured: what planners and verdicts look at. */
public record MeasuredStep(StepPlan plan, StepRunner.Outcome outcome) {

    public StepResult result() {
        return outcome.step();
    }
}
