package io.mqprobe.experiment;

import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.SingleRunVerdict;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.Thresholds;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The experiment of {@code produce}, {@code e2e} and {@code consume}: one scenario, one step, judged
 * passed unless nothing got through, consumers failed, or the delivery check found lost messages, or
 * duplicated ones on a system that promises none (an at-least-once system's duplicates are reported, not failed).
 */
public final class SingleRun {

    public static final String KIND = "single-run";

    /** A paced send this late (p99) means the offered load was not the one asked for. */
    public static final double LATE_SEND_US = 10_000;

    private SingleRun() {
    }

    /** Runs {@code step} as the only step of {@code scenario}; the scenario's topic already exists; duplicates fail it. */
    public static Experiment of(ScenarioResult scenario, StepPlan step) {
        return of(scenario, step, false);
    }

    /** Like {@link #of(ScenarioResult, StepPlan)}; {@code atLeastOnce}: the system may deliver twice, so duplicates do not fail. */
    public static Experiment of(ScenarioResult scenario, StepPlan step, boolean atLeastOnce) {
        if (!scenario.name().equals(step.scenario())) {
            throw new IllegalArgumentException("step of " + step.scenario() + " for scenario " + scenario.name());
        }
        Planner planner = (measured, context) -> {
            if (!measured.isEmpty()) {
                return Optional.empty();
            }
            context.startScenario(scenario);
            return Optional.of(step);
        };
        return new Experiment(KIND, planner, (name, steps, interrupted) -> judge(steps, atLeastOnce));
    }

    static SingleRunVerdict judge(List<MeasuredStep> steps) {
        return judge(steps, false);
    }

    static SingleRunVerdict judge(List<MeasuredStep> steps, boolean atLeastOnce) {
        if (steps.isEmpty()) {
            return new SingleRunVerdict(List.of("no step ran"), false);
        }
        MeasuredStep measured = steps.get(steps.size() - 1);
        StepRunner.Outcome outcome = measured.outcome();
        StepResult step = outcome.step();
        List<String> problems = new ArrayList<>();
        if (step.records() == 0 && !step.errors().isEmpty()) {
            problems.add("nothing was acknowledged: every send failed");
        }
        if (step.consumed() != null && (step.consumed().lost() > 0 || (!atLeastOnce && step.consumed().duplicates() > 0))) {
            problems.add(step.consumed().lost() + " messages lost, " + step.consumed().duplicates() + " duplicated");
        }
        outcome.consumerFailures().stream().findFirst().ifPresent(failure -> problems.add("consumer failed: " + failure));
        return new SingleRunVerdict(problems, clientSaturated(step) || lateSends(measured));
    }

    /** mqprobe's own CPU set the pace. */
    public static boolean clientSaturated(StepResult step) {
        return Thresholds.clientSaturated(step.resources());
    }

    /** Paced sends went out later than {@link #LATE_SEND_US} (p99): the offered load was not the one asked for. */
    public static boolean lateSends(MeasuredStep measured) {
        boolean paced = measured.plan().load().producerSpec().map(p -> p.paced()).orElse(false);
        return paced && measured.result().sendDelayUs().p99() > LATE_SEND_US;
    }

    /** "p99 send delay 12 ms", for the note that explains {@link #lateSends}. */
    public static String sendDelay(StepResult step) {
        return "p99 send delay " + TimeSpan.formatMicros(step.sendDelayUs().p99());
    }
}
