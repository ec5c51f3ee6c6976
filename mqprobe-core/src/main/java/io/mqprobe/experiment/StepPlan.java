package io.mqprobe.experiment;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.mqprobe.api.UsageException;
import io.mqprobe.load.PrecisionTarget;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.WarmupTarget;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * One step an experiment wants measured: which scenario it belongs to, the load, how long its warm-up
 * and drain are, and what to do to the cluster during it. Immutable; round-trips through JSON.
 *
 * @param scenario       name of the scenario (started through {@link PlanContext#startScenario}) it belongs to
 * @param index          step number within the scenario, from 0
 * @param load           producers and/or consumers of the step
 * @param warmupMs       time from the step start that is excluded from the figures
 * @param drainTimeoutMs after sending ends, how long to wait for acknowledgements and consumers
 * @param actions        timed actions, fired at their offsets from the step start (sorted here)
 * @param precision      when the step may end early because its throughput is precise enough (the load's own length
 *                       is then the longest), or {@code null} for a step of fixed length
 * @param settle         what to wait for before the step starts, or {@code null} to start at once
 * @param intent         what the planner meant by the step, for its judge; not written into JSON (it lives as long as
 *                       the run), read back as {@link StepIntent#MEASURE}
 * @param warmUntil      a warm-up step: it ends once every JVM compiles less than asked (the load's own length is then
 *                       the longest), or {@code null} for a step measured for its figures
 */
public record StepPlan(String scenario, int index, StepLoad load, long warmupMs, long drainTimeoutMs,
                       List<StepAction> actions, PrecisionTarget precision, SettleSpec settle,
                       @JsonIgnore StepIntent intent, WarmupTarget warmUntil) {

    /** After the producers stop: time for the last acknowledgements and for consumers to catch up (end-to-end loads). */
    public static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(30);

    /** A step of fixed length that starts at once, measured for itself. */
    public StepPlan(String scenario, int index, StepLoad load, long warmupMs, long drainTimeoutMs, List<StepAction> actions) {
        this(scenario, index, load, warmupMs, drainTimeoutMs, actions, null, null, StepIntent.MEASURE, null);
    }

    public StepPlan {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(load, "load");
        if (index < 0 || warmupMs < 0 || drainTimeoutMs < 0) {
            throw new UsageException("a step's index, warm-up and drain timeout must not be negative");
        }
        actions = actions.stream().sorted(Comparator.comparingLong(StepAction::offsetMs)).toList();
        intent = intent == null ? StepIntent.MEASURE : intent;
    }

    /** A step with no timed actions. */
    public static StepPlan of(String scenario, int index, StepLoad load, Duration warmup, Duration drainTimeout) {
        return new StepPlan(scenario, index, load, warmup.toMillis(), drainTimeout.toMillis(), List.of());
    }

    /** The same step with these actions. */
    public StepPlan withActions(List<StepAction> timedActions) {
        return new StepPlan(scenario, index, load, warmupMs, drainTimeoutMs, timedActions, precision, settle, intent, warmUntil);
    }

    /** The same step, ending once precise enough and starting on a settled cluster. */
    public StepPlan withPrecision(PrecisionTarget target, SettleSpec settleFirst) {
        return new StepPlan(scenario, index, load, warmupMs, drainTimeoutMs, actions, target, settleFirst, intent, warmUntil);
    }

    /** The same step, telling its judge what it was for. */
    public StepPlan withIntent(StepIntent meant) {
        return new StepPlan(scenario, index, load, warmupMs, drainTimeoutMs, actions, precision, settle, meant, warmUntil);
    }

    /** The same step as a warm-up: it ends once every JVM is warm by {@code target}, at most the load's length. */
    public StepPlan withWarmUntil(WarmupTarget target) {
        return new StepPlan(scenario, index, load, warmupMs, drainTimeoutMs, actions, precision, settle, intent, target);
    }

    public Duration warmup() {
        return Duration.ofMillis(warmupMs);
    }

    public Duration drainTimeout() {
        return Duration.ofMillis(drainTimeoutMs);
    }
}
