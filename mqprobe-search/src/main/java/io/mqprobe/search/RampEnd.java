package io.mqprobe.search;

import java.util.List;

/**
 * How throughput ended in a ramp, so that a verdict states only what its own ceiling and knee allow: a confirmed knee,
 * growth the last step still showed, or neither (it stopped growing by what the readings can tell, and the knee is
 * undecided). Also the steps over which throughput held flat, where a limit nobody reports shows ({@link CapInference}).
 *
 * @param kneeConfirmed the ramp ended in a plateau by {@link GainJudge}'s rule
 * @param lastStepGrew  the last step paid off (a gain the intervals tell from noise): throughput was really still growing
 * @param flat          the steps throughput did not rise over, in ramp order: the knee and every step after it when the
 *                      knee is confirmed; else the ceiling's plateau when it holds two or more steps; else empty
 */
record RampEnd(boolean kneeConfirmed, boolean lastStepGrew, List<StepMeasurement> flat) {

    RampEnd {
        flat = List.copyOf(flat);
    }

    /**
     * @param steps   the ramp's steps, in ramp order, at least one
     * @param plateau the ceiling's plateau: the steps the readings cannot tell from the best one
     */
    static RampEnd of(List<StepMeasurement> steps, GainJudge judge, List<StepMeasurement> plateau) {
        boolean lastStepGrew = judge.pays(steps.size() - 1);
        if (judge.kneePosition().isPresent()) {
            return new RampEnd(true, lastStepGrew, steps.subList(judge.kneePosition().getAsInt(), steps.size()));
        }
        return new RampEnd(false, lastStepGrew, plateau.size() >= 2 ? plateau : List.of());
    }

    /** Neither a knee nor growth at the end, but flat steps the readings cannot tell apart: the knee is undecided. */
    boolean undecidedPlateau() {
        return !kneeConfirmed && !lastStepGrew && flat.size() >= 2;
    }
}
