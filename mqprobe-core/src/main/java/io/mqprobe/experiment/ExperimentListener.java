package io.mqprobe.experiment;

import io.mqprobe.result.ActionRecord;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;

/** Told what the experiment runner is doing, for progress output; every method defaults to nothing. */
public interface ExperimentListener {

    default void onScenarioStart(ScenarioResult scenario) {
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
