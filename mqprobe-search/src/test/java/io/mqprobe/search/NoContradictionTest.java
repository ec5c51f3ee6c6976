package io.mqprobe.search;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static io.mqprobe.search.StepBuilder.curve;
import static org.assertj.core.api.Assertions.assertThat;

/** A verdict says "still growing" only where the last step grew: never over a plateau its own ceiling pools. */
@Timeout(10)
class NoContradictionTest {

    private static final Thresholds RAMP = Thresholds.defaults().withoutLatencyJudgement();

    @Test
    void should_not_say_still_growing_over_a_plateau_whose_intervals_overlap() {
        // the reported case: ceiling "plateau of steps 1-5", no knee (intervals too wide), nothing saturated or pinned
        ScenarioVerdict verdict = VerdictFinder.find(InferredCapTest.plateau((i, s) -> s.cpu("broker-2", 0.39, 1)),
                RAMP, "max steps");

        assertThat(verdict.ceiling().pooled()).containsExactly(1, 2, 3, 4, 5);
        assertThat(verdict.knee()).isNull();
        assertThat(verdict.bottleneck().resource()).isEqualTo(Bottleneck.NONE);
        assertThat(verdict.bottleneck().summary()).doesNotContain("still growing")
                .startsWith("no bottleneck reached: throughput stopped growing measurably over steps 1-5 (the readings cannot"
                        + " tell them apart), the knee undecided: their intervals are too wide to place it; highest: broker-2 CPU 39 %");
    }

    @Test
    void should_judge_a_plateau_on_the_steps_at_its_level_not_on_a_wide_step_far_below_it() {
        // plain Kafka brokers on a shared 2-core host: the 1-client step, read ±56 %, joins the plateau from 40 % below
        // its level; with its host CPU pooled in, the host reads 89.6 % and the verdict read "no bottleneck reached"
        double[][] ramp = {{152_000, 1.61}, {247_000, 1.76}, {233_000, 1.90}, {248_000, 1.90}};
        double[][] spreads = {{1.3, 1.3, 0.75, 0.75, 0.95, 0.95}, {1.1, 0.9, 1.05, 0.95, 1.08}, {1.12, 0.88, 1.1, 0.9, 1.05, 0.95},
                {1.06, 0.94, 1.05, 0.95, 1.0}};
        List<StepMeasurement> steps = new ArrayList<>();
        for (int i = 0; i < ramp.length; i++) {
            steps.add(StepBuilder.step(i, ramp[i][0]).clients(i + 1).readings(spreads[i]).cpu("host", ramp[i][1], 2)
                    .cpu("broker-1", 0.5 * ramp[i][1], 2).cpu("client", 0.3 * ramp[i][1], 2).cpu("broker-2", 0.08, 0.2).build());
        }

        ScenarioVerdict verdict = VerdictFinder.find(steps, RAMP, "max steps");

        assertThat(verdict.ceiling().pooled()).containsExactly(0, 1, 2, 3);
        assertThat(verdict.bottleneck().resource()).isEqualTo(Bottleneck.SHARED_CPU);
        assertThat(verdict.bottleneck().source()).isEqualTo("host");
        assertThat(verdict.bottleneck().summary()).startsWith("host CPU 1.85/2 cores (93 %) at the ceiling (steps 0, 1, 2, 3,"
                + " read at steps 1, 2, 3, those at its level) with no single process saturated");
    }

    @Test
    void should_not_say_still_growing_after_a_last_step_that_fell() {
        ScenarioVerdict verdict = VerdictFinder.find(curve(10_000, 20_000, 30_000, 40_000, 35_000), RAMP, "max steps");

        assertThat(verdict.knee()).isNull();
        assertThat(verdict.bottleneck().summary()).doesNotContain("still growing")
                .startsWith("no bottleneck reached: throughput did not grow at the last step, too few steps after the last gain");
    }

    @Test
    void should_say_still_growing_when_the_last_step_grew() {
        ScenarioVerdict verdict = VerdictFinder.find(curve(10_000, 20_000, 30_000, 40_000), RAMP, "max steps");

        assertThat(verdict.bottleneck().summary()).startsWith("no bottleneck reached: throughput was still growing at the last step");
    }

    @Test
    void should_not_stop_the_ramp_as_still_growing_after_a_last_step_that_did_not_grow() {
        RampDecision decision = RampPolicy.next(curve(10_000, 20_000, 30_000, 40_000, 40_500), RAMP, 5);

        assertThat(decision).isEqualTo(new RampDecision.Stop("max steps: 5 steps measured, throughput did not grow over the"
                + " last step, too few to confirm a knee (2 needed)"));
    }
}
