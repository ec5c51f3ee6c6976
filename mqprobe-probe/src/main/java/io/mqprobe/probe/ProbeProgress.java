package io.mqprobe.probe;

import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.run.Progress;
import io.mqprobe.scenario.ScenarioSpec;
import io.mqprobe.search.KneeConfirmation;
import io.mqprobe.search.Precision;
import io.mqprobe.search.SustainableSearch;

import java.util.List;
import java.util.Locale;

/** Probe progress: which scenario and step, the step's figures, and an ETA bounded by the ramp plan. */
final class ProbeProgress implements ExperimentListener {

    private final Progress progress;
    private final List<ScenarioSpec> scenarios;
    private final RampPlan plan;
    /** The probe's time budget, or {@code null} for none. */
    private final TimeBudget budget;
    private int scenarioIndex = -1;

    ProbeProgress(Progress progress, List<ScenarioSpec> scenarios, RampPlan plan, TimeBudget budget) {
        this.progress = progress;
        this.scenarios = scenarios;
        this.plan = plan;
        this.budget = budget;
    }

    @Override
    public void onScenarioStart(ScenarioResult scenario) {
        scenarioIndex++;
        progress.line(String.format(Locale.ROOT, "[%d/%d] %s — %s", scenarioIndex + 1, scenarios.size(), scenario.name(),
                scenario.description()));
    }

    @Override
    public void onStepStart(StepPlan plan) {
        int step = plan.index();
        int clients = plan.load().producerSpec().map(p -> p.clients()).orElse(0);
        if (plan.warmUntil() != null) {
            String also = plan.intent() instanceof ProbeIntent.Warm warm && warm.alsoLoading() != null ? " " + warm.alsoLoading() : "";
            progress.update(String.format(Locale.ROOT, "  warm-up: %s%s until every JVM compiles under %s ms/s"
                    + " (at most %s) ...", HumanUnits.counted(clients, "producer client"), also, HumanUnits.number(plan.warmUntil().compileMsPerSecond()),
                    TimeSpan.formatSeconds(plan.warmUntil().longest().toSeconds())));
            return;
        }
        // numbered as the step table, result.json and the verdicts number it ("at step 9"), the JVM warm-up being step 0
        progress.update(String.format(Locale.ROOT, "  step %d: %s, warming up ... (%s)",
                step, HumanUnits.counted(clients, "producer client"), timeLeft(worstCaseLeftSeconds(step), budget)));
    }

    /**
     * The worst case left by the ramp plan, or the time budget's rest when that is shorter: past its budget the probe
     * narrows its searches less, but a ramp or a hold is never cut, so the budget is no bound.
     */
    static String timeLeft(long worstCase, TimeBudget budget) {
        long budgetLeft = budget == null ? Long.MAX_VALUE : budget.left().toSeconds();
        if (budgetLeft >= worstCase) {
            return "at most " + TimeSpan.formatSeconds(worstCase) + " left";
        }
        // what still runs once the budget is spent (the last hold) is bounded by the plan alone
        return budgetLeft == 0 ? "past the time budget, at most " + TimeSpan.formatSeconds(worstCase) + " left"
                : TimeSpan.formatSeconds(budgetLeft) + " left of the time budget";
    }

    @Override
    public void onStepDone(StepPlan plan, StepResult step) {
        if (plan.warmUntil() != null) {
            long ranMs = step.warmupMs() + step.measuredMs();
            progress.line(String.format(Locale.ROOT, "  warm-up: %s, %s%s", HumanUnits.counted(step.clients(), "client"), TimeSpan.formatSeconds(ranMs / 1000),
                    step.compiling() == null ? ", every JVM warm" : ", not warm at its end (its longest or its byte cap): " + step.compiling()));
            return;
        }
        String offered = step.targetRecordsPerSecond() == null ? "unthrottled"
                : String.format(Locale.ROOT, "paced %,.0f/s", step.targetRecordsPerSecond());
        String precision = Precision.describe(step.throughputInterval());
        String settled = settleNote(step.settle());
        progress.line(String.format(Locale.ROOT, "  step %d: %2d clients %-18s %,10.0f msgs/s %-22s %12s  p99 %-9s errors %d%s%s",
                step.index(), step.clients(), offered, step.recordsPerSecond(), precision,
                ByteSize.formatRate(step.bytesPerSecond()),
                TimeSpan.formatMicros(step.latencyUs().p99()), step.errors().values().stream().mapToLong(Long::longValue).sum(),
                step.unstable() == null ? "" : "  unstable", settled)
                + (step.compiling() == null ? "" : "  (" + step.compiling() + ")"));
    }

    /** What the wait before the step did, when it did anything worth a word. */
    static String settleNote(StepResult.Settle settle) {
        if (settle == null) {
            return "";
        }
        if (!settle.recreatedTopics().isEmpty()) {
            // a backlog is what the wait saw first; a topic recreated for its size leaves that look empty (or null)
            String seen = settle.atFirstLook();
            return seen == null || seen.isBlank() ? "  (topic created again first: it outgrew its share of the disk budget)"
                    : "  (topic created again first; the wait first saw " + seen + ")";
        }
        if (settle.waitedMs() < 1000) {
            return "";
        }
        return settle.settled() ? String.format(Locale.ROOT, "  (settled %.1fs first)", settle.waitedMs() / 1000.0)
                : "  (" + settle.unsettled() + ")";
    }

    private long worstCaseLeftSeconds(int step) {
        long perStep = plan.stepDuration().toSeconds() + 2;
        long stepsPerScenario = plan.clientSteps().size() + KneeConfirmation.REPEATED_STEPS + plan.sustainableFractions().size()
                + (plan.sustainableFractions().isEmpty() ? 0 : ProbePlanner.NARROWING_STEPS + SustainableSearch.EXTRA_STEPS);
        long stepsLeftHere = Math.max(1, stepsPerScenario - step);
        long scenariosAfter = scenarios.size() - scenarioIndex - 1;
        return perStep * (stepsLeftHere + scenariosAfter * stepsPerScenario);
    }
}
