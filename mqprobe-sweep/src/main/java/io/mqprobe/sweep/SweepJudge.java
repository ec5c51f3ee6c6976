package io.mqprobe.sweep;

import io.mqprobe.experiment.Judge;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.result.ActionRecord;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;
import io.mqprobe.probe.ProbeJudge;
import io.mqprobe.probe.ProbePlanner;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.Thresholds;
import io.mqprobe.search.VerdictFinder;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Judges one run of a sweep: the step that stands for it (the ramp's ceiling as the probe's verdict
 * finder names it, the paced step, or the consume step) and its metrics; a run whose config change was
 * rejected, that acknowledged nothing or whose consumers failed is a failed value, with the reason.
 */
public final class SweepJudge implements Judge {

    public static final String KIND = "sweep";

    private final Map<String, SweepRuns.Run> planned = new HashMap<>();
    private final Thresholds thresholds;

    /** @param studies and {@code repeats}: the sweep's plan, which says what each run (scenario) is */
    public SweepJudge(List<SweepStudy> studies, int repeats, Thresholds thresholds) {
        SweepRuns.planned(studies, repeats).forEach(run -> planned.put(run.scenario(), run));
        this.thresholds = thresholds;
    }

    /** A function of the plan and the run's steps: what failed is read from them (a config change its step rejected). */
    @Override
    public Verdict judge(String scenario, List<MeasuredStep> steps, boolean interrupted) {
        SweepRuns.Run run = planned.get(scenario);
        if (run == null) {
            throw new IllegalStateException("no sweep run named " + scenario);
        }
        String failure = rejected(steps);
        StepResult chosen = steps.isEmpty() ? null : representative(steps, run.study().consumes());
        if (failure == null) {
            failure = failureOf(chosen, steps, interrupted);
        }
        Map<String, Double> metrics = chosen == null ? Map.of() : SweepMetric.of(chosen);
        return new SweepVerdict(run.study().name(), run.cell().values(), run.repeat(), run.position(), failure, metrics);
    }

    /** The config changes the run's steps failed to make, as one line; {@code null} when none failed. */
    private static String rejected(List<MeasuredStep> steps) {
        List<String> failed = steps.stream().flatMap(s -> s.actions().stream()).filter(a -> ActionRecord.FAILED.equals(a.outcome()))
                .map(a -> a.action() + " rejected: " + a.error()).toList();
        return failed.isEmpty() ? null : String.join("; ", failed);
    }

    private StepResult representative(List<MeasuredStep> steps, boolean consumes) {
        if (consumes) {
            return steps.get(steps.size() - 1).result();
        }
        List<MeasuredStep> ramp = steps.stream().filter(ProbePlanner::saturating).toList();
        if (ramp.size() <= 1) {
            return steps.get(steps.size() - 1).result();
        }
        ScenarioVerdict v = VerdictFinder.find(ProbeJudge.measurements(ramp, true), thresholds.withoutLatencyJudgement(), "sweep");
        int index = v.ceiling() == null ? ramp.size() - 1 : v.ceiling().step();
        return ramp.stream().map(MeasuredStep::result).filter(r -> r.index() == index).findFirst()
                .orElse(ramp.get(ramp.size() - 1).result());
    }

    private String failureOf(StepResult step, List<MeasuredStep> steps, boolean interrupted) {
        if (step == null) {
            return interrupted ? "interrupted before it was measured" : "no step was measured";
        }
        MeasuredStep last = steps.get(steps.size() - 1);
        if (!last.outcome().consumerFailures().isEmpty()) {
            return "consumers failed: " + last.outcome().consumerFailures().get(0);
        }
        boolean consumed = step.consumed() != null && step.records() == 0;
        long through = consumed ? step.consumed().records() : step.records();
        long errors = step.errors().values().stream().mapToLong(Long::longValue).sum();
        if (through == 0) {
            return (consumed ? "nothing consumed" : "nothing acknowledged") + (errors > 0 ? " (" + errors + " sends failed: "
                    + String.join(", ", step.errors().keySet()) + ")" : "");
        }
        if (errors > thresholds.maxErrorRatio() * (through + errors)) {
            return errors + " sends failed (" + String.join(", ", step.errors().keySet()) + ")";
        }
        return null;
    }
}
