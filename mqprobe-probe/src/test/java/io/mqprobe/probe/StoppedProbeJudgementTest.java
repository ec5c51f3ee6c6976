package io.mqprobe.probe;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.result.PlantedStepResult;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.SustainablePoint;
import io.mqprobe.search.SustainableSearch;
import io.mqprobe.search.Thresholds;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run stopped in the middle of a step (Ctrl-C, a dead broker, its disk budget): the step it cut before its measured
 * window measured nothing and bounds nothing; the same step measured in full without a record acknowledged still fails.
 */
class StoppedProbeJudgementTest {

    private static final double CEILING = 100_000;

    @Test
    void should_not_bound_the_sustainable_load_by_a_hold_the_stop_cut_before_it_measured() {
        SustainablePoint stopped = judged(0, true).findings().sustainable();

        assertThat(stopped.recordsPerSecond()).isEqualTo(60_000);
        assertThat(stopped.limitedBy()).doesNotContain("no records acknowledged").doesNotContain("not held");
    }

    @Test
    void should_still_fail_a_hold_that_measured_its_window_without_a_record_acknowledged() {
        SustainablePoint failed = judged(12_000, false).findings().sustainable();

        assertThat(failed.recordsPerSecond()).isEqualTo(40_000);
        assertThat(failed.limitedBy()).startsWith("no records acknowledged").contains("not held");
    }

    /**
     * A ramp at broker-1's quota, paced rates at 20 %, 40 % and 60 % of its ceiling that passed, then the hold of 60 %,
     * which acknowledged nothing in {@code holdMeasuredMs}.
     */
    private static ProbeVerdict judged(long holdMeasuredMs, boolean interrupted) {
        List<MeasuredStep> steps = new ArrayList<>();
        double[] ramp = {70_000, 99_000, CEILING};
        for (int i = 0; i < ramp.length; i++) {
            steps.add(PlantedSteps.measured("replicated-all", step(i + 1, null, ramp[i], 0.3, 4_000), new ProbeIntent.Ramp(ramp.length)));
        }
        SustainableSearch search = new SustainableSearch(Thresholds.defaults(), List.of(0.2, 0.4, 0.6), CEILING, 3, 0);
        double[] paced = {20_000, 40_000, 60_000};
        for (int i = 0; i < paced.length; i++) {
            steps.add(PlantedSteps.measured("replicated-all", step(4 + i, paced[i], paced[i], 0.05 + paced[i] / 1e6, 4_000),
                    new ProbeIntent.Paced(search)));
        }
        StepResult hold = step(7, 57_000.0, 0, 0.02, holdMeasuredMs);
        steps.add(PlantedSteps.measured("replicated-all", hold, new ProbeIntent.Paced(search, true)));
        return (ProbeVerdict) new ProbeJudge(Thresholds.defaults(), false).judge("replicated-all", steps, interrupted);
    }

    private static StepResult step(int index, Double target, double rps, double brokerCores, long measuredMs) {
        return PlantedStepResult.of(index, 1, target, "2026-12-04T21:40:00Z", 1_000, measuredMs, rps,
                List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, brokerCores, brokerCores, 0.3)));
    }
}
