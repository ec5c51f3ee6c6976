package io.mqprobe.experiment;

import io.mqprobe.result.Verdict;

import java.util.List;

/** Judges one scenario once its last step ran: a pure function of the measured steps. */
@FunctionalInterface
public interface Judge {

    /**
     * @param steps       the scenario's measured steps, oldest first (empty when it was cancelled before one ran)
     * @param interrupted true when the run was cancelled before the planner finished the scenario
     */
    Verdict judge(String scenario, List<MeasuredStep> steps, boolean interrupted);
}
