package io.mqprobe.experiment;

import io.mqprobe.result.Verdict;

import java.util.List;

/**
 * Judges one scenario once its last step ran: a function of the measured steps and of its own configuration, nothing
 * else. What the planner meant travels on each step ({@link StepIntent}); work a verdict needs done on the cluster is a
 * step of work the runner performs ({@link io.mqprobe.load.StepLoad.Work}), whose findings the step carries.
 */
@FunctionalInterface
public interface Judge {

    /**
     * @param steps       the scenario's measured steps, oldest first (empty when it was cancelled before one ran)
     * @param interrupted true when the run was cancelled before the planner finished the scenario
     */
    Verdict judge(String scenario, List<MeasuredStep> steps, boolean interrupted);
}
