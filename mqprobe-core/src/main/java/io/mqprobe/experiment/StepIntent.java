package io.mqprobe.experiment;

/**
 * What a planner meant by a step: a ramp step, a step of a paced search, a sweep cell, a fault, an audit. Each experiment
 * kind defines its own (records implementing this); the engine carries them from the planner to the judge untouched, so
 * a judge reads what the plan meant from the steps it is given, never from the planner's state.
 */
public interface StepIntent {

    /** A step measured for itself (a produce, e2e or consume run): nothing more for a judge to know. */
    StepIntent MEASURE = new Measure();

    /**
     * Whether a judge reads this step's figures. A step nobody judges (a warm-up) is not profiled: what its processes
     * ran is never shown, and sampling it cost a probe its length (see {@code CpuProfiles#sampling}).
     */
    default boolean judged() {
        return true;
    }

    /** See {@link #MEASURE}. */
    record Measure() implements StepIntent {
    }
}
