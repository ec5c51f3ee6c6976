package io.mqprobe.experiment;

import io.mqprobe.result.ActionRecord;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;
import io.mqprobe.result.WarmUp;

/** Told what the experiment runner is doing, for progress output; every method defaults to nothing. */
public interface ExperimentListener {

    default void onScenarioStart(ScenarioResult scenario) {
    }

    default void onWarmUp(WarmUp done) {
    }

    default void onStepStart(StepPlan plan) {
    }

    default void onStepDone(StepPlan plan, StepResult step) {
    }

    default void onAction(ActionRecord action) {
    }

    default void onScenarioDone(String scenario, Verdict verdict) {
    }

    ExperimentListener NONE = new ExperimentListener() {
    };
}
