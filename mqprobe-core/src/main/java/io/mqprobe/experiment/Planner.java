package io.mqprobe.experiment;

import java.util.List;
import java.util.Optional;

/**
 * Decides what to measure next. Called before each step with every step measured so far (oldest
 * first, all scenarios); it may start a new scenario (with a fresh topic) through the context first.
 * Planners hold their own state (which scenario, which phase) and never run load themselves.
 */
@FunctionalInterface
public interface Planner {

    /** The next step, or empty when the experiment is over. */
    Optional<StepPlan> next(List<MeasuredStep> measured, PlanContext context);
}
