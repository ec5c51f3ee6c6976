package io.mqprobe.sweep;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.result.ActionRecord;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;
import io.mqprobe.run.Progress;

import java.util.Locale;

/** Sweep progress: which run of how many, each step's figure, each config change, and what the run measured. */
final class SweepProgress implements ExperimentListener {

    private final Progress progress;
    private final int runs;
    private int run;

    public SweepProgress(Progress progress, int runs) {
        this.progress = progress;
        this.runs = runs;
    }

    @Override
    public void onScenarioStart(ScenarioResult scenario) {
        progress.line(String.format(Locale.ROOT, "[%d/%d] %s", ++run, runs, scenario.name()));
    }

    @Override
    public void onStepStart(StepPlan plan) {
        // numbered as the step table and result.json number it
        progress.update("  step " + plan.index() + ": " + plan.load().producerSpec().map(p -> p.clients() + " producer(s)")
                .orElse("consuming the backlog") + " ...");
    }

    @Override
    public void onStepDone(StepPlan plan, StepResult step) {
        double bps = step.consumed() != null && step.records() == 0 ? step.consumed().bytesPerSecond() : step.bytesPerSecond();
        progress.line(String.format(Locale.ROOT, "  step %d: %2d client(s) %12s  p99 %s", step.index(), step.clients(),
                HumanUnits.rate(bps), HumanUnits.latencyUs(step.latencyUs() == null ? 0 : step.latencyUs().p99())));
    }

    @Override
    public void onAction(ActionRecord action) {
        progress.line("  " + action.action() + ": " + action.outcome() + (action.error() == null ? "" : " (" + action.error() + ")"));
    }

    @Override
    public void onScenarioDone(String scenario, Verdict verdict) {
        if (verdict instanceof SweepVerdict v && v.failure() != null) {
            progress.line("  failed: " + v.failure());
        }
    }
}
