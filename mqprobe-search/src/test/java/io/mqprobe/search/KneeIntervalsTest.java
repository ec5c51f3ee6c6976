package io.mqprobe.search;

import io.mqprobe.api.monitor.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static io.mqprobe.search.StepBuilder.step;
import static org.assertj.core.api.Assertions.assertThat;

/** The knee is decided only between steps whose intervals tell them apart; replication left over is not a step's. */
@Timeout(10)
class KneeIntervalsTest {

    private static final Thresholds DEFAULTS = Thresholds.defaults().withoutLatencyJudgement();
    /** Per-second readings spread ±30 % around their mean, as four-second steps under half-core quotas read here. */
    private static final double[] SPREAD_30 = {1.3, 1.2, 0.7, 0.8, 1.25, 0.75, 1.3, 0.7};
    /** The same steps read ±2 %. */
    private static final double[] SPREAD_2 = {1.02, 1.01, 0.98, 0.99, 1.02, 0.98, 1.01, 0.99};

    @Test
    void should_not_declare_a_knee_between_steps_whose_planted_spread_overlaps() {
        List<StepMeasurement> ramp = ramp(SPREAD_30, 100_000, 125_000, 122_000, 124_000);

        ScenarioVerdict verdict = VerdictFinder.find(ramp, DEFAULTS, "max steps");
        // the same means read exactly: a knee at step 1, as before intervals
        assertThat(VerdictFinder.find(StepBuilder.curve(100_000, 125_000, 122_000, 124_000), DEFAULTS, "plateau").knee().step())
                .isEqualTo(1);
        assertThat(ramp.get(1).throughput().halfWidthPct()).isBetween(25.0, 40.0);

        assertThat(ramp.get(1).throughput().overlaps(ramp.get(0).throughput())).isTrue();
        assertThat(verdict.knee()).isNull();
        assertThat(RampPolicy.next(ramp(SPREAD_30, 100_000, 125_000, 122_000, 140_000), DEFAULTS, 4))
                .isEqualTo(new RampDecision.Stop("max steps: 4 steps measured, "
                + "no knee decided: the last 3 steps' intervals were too wide to tell a gain from a plateau"));
    }

    @Test
    void should_stop_a_ramp_whose_last_steps_stay_below_its_best_by_their_means_without_deciding_a_knee() {
        List<StepMeasurement> flat = ramp(SPREAD_30, 100_000, 125_000, 122_000, 124_000);
        // the same until one step fewer, or a last step whose mean rises above the best: more load may still show a gain
        List<StepMeasurement> tooShort = ramp(SPREAD_30, 100_000, 125_000, 122_000);
        List<StepMeasurement> risingAgain = ramp(SPREAD_30, 100_000, 125_000, 122_000, 140_000);

        assertThat(RampPolicy.next(flat, DEFAULTS, 10)).isEqualTo(new RampDecision.Stop("flat by the means: the last 2 steps' "
                + "means gained less than 5 % over the best one, no knee decided: the last 3 steps' intervals were too wide to tell a gain from a plateau"));
        assertThat(VerdictFinder.find(flat, DEFAULTS, "flat").knee()).isNull();
        assertThat(RampPolicy.next(tooShort, DEFAULTS, 10)).isInstanceOf(RampDecision.Continue.class);
        assertThat(RampPolicy.next(risingAgain, DEFAULTS, 10)).isInstanceOf(RampDecision.Continue.class);
    }

    @Test
    void should_declare_the_same_knee_when_the_readings_are_precise() {
        List<StepMeasurement> ramp = ramp(SPREAD_2, 100_000, 125_000, 122_000, 124_000);

        ScenarioVerdict verdict = VerdictFinder.find(ramp, DEFAULTS, "plateau");

        assertThat(verdict.knee()).isNotNull();
        assertThat(verdict.knee().step()).isEqualTo(1);
        // the knee begins the plateau the ceiling pools: its figure is that level, never one reading above the ceiling
        assertThat(verdict.ceiling().pooled()).containsExactly(1, 2, 3);
        assertThat(ramp.get(1).recordsPerSecond()).isGreaterThan(verdict.ceiling().recordsPerSecond());
        assertThat(verdict.knee().recordsPerSecond()).isEqualTo(verdict.ceiling().recordsPerSecond());
        assertThat(verdict.knee().interval().readings()).isEqualTo(3 * SPREAD_2.length);
        assertThat(verdict.knee().precision()).matches("±\\d(\\.\\d+)? % \\(24 readings of steps 1, 2, 3\\)");
        assertThat(RampPolicy.next(ramp, DEFAULTS, 10)).isInstanceOf(RampDecision.Stop.class);
    }

    @Test
    void should_not_count_a_gain_the_intervals_cannot_tell_from_noise() {
        // +20 % in the means, but each step is read ±30 %: growth not shown, and not a plateau either
        List<StepMeasurement> noisy = ramp(SPREAD_30, 100_000, 120_000);
        List<StepMeasurement> precise = ramp(SPREAD_2, 100_000, 120_000);

        assertThat(new GainJudge(noisy, DEFAULTS).pays(1)).isFalse();
        assertThat(new GainJudge(precise, DEFAULTS).pays(1)).isTrue();
    }

    @Test
    void should_not_fail_a_paced_step_on_under_replication_left_by_the_step_before() {
        SustainableSearch search = new SustainableSearch(Thresholds.defaults(), List.of(0.25), 100_000, 4, 1);
        StepMeasurement inherited = step(5, 25_000).target(25_000).underReplicatedAtStart(4)
                .use("broker-1", Metric.UNDER_REPLICATED, 2).build();
        StepMeasurement grown = step(5, 25_000).target(25_000).underReplicatedAtStart(4)
                .use("broker-1", Metric.UNDER_REPLICATED, 5).build();
        StepMeasurement appeared = step(5, 25_000).target(25_000)
                .use("broker-1", Metric.UNDER_REPLICATED, 2).build();

        assertThat(search.breaches(inherited)).isEmpty();
        assertThat(search.breaches(grown)).containsExactly("broker-1 under-replicated partitions 5 > 0");
        assertThat(search.breaches(appeared)).containsExactly("broker-1 under-replicated partitions 2 > 0");
    }

    @Test
    void should_take_the_ceiling_as_the_pooled_level_of_the_steps_the_readings_cannot_tell_apart() {
        // a plateau read ±30 %: the best step alone (139k) is the luckiest of three readings of one level
        List<StepMeasurement> ramp = ramp(SPREAD_30, 50_000, 120_000, 139_000, 125_000);

        ScenarioVerdict verdict = VerdictFinder.find(ramp, DEFAULTS, "max steps");

        assertThat(verdict.ceiling().step()).isEqualTo(2);
        assertThat(verdict.ceiling().pooled()).containsExactly(1, 2, 3);   // step 0 is told apart from the best
        assertThat(verdict.ceiling().recordsPerSecond()).isBetween(120_000.0, 139_000.0);
        assertThat(verdict.ceiling().interval().readings()).isEqualTo(3 * SPREAD_30.length);
        assertThat(verdict.ceiling().interval().halfWidthPct()).isLessThan(ramp.get(2).throughput().halfWidthPct());
        assertThat(verdict.ceiling().precision()).endsWith("(24 readings of steps 1, 2, 3)");
        // precise steps are told apart: the best step is the ceiling, alone
        assertThat(VerdictFinder.find(ramp(SPREAD_2, 50_000, 120_000, 139_000, 125_000), DEFAULTS, "max steps").ceiling().pooled())
                .isNull();
    }

    @Test
    void should_judge_a_tie_on_the_plateau_resources_not_on_one_noisy_step() {
        // the client reads 88 % in the best step (within the tie margin of the broker's saturation) and 60 % in the
        // two others of the plateau: over the plateau it is well below, and the broker is named alone
        List<StepMeasurement> ramp = new java.util.ArrayList<>();
        double[] clientCores = {0.30, 0.44, 0.30};
        double[] means = {120_000, 139_000, 125_000};
        for (int i = 0; i < 3; i++) {
            double[] readings = new double[SPREAD_30.length];
            for (int r = 0; r < readings.length; r++) {
                readings[r] = means[i] * SPREAD_30[r];
            }
            ramp.add(step(i, means[i]).readings(readings).cpu("broker-1", 0.49, 0.5).cpu("client", clientCores[i], 0.5).build());
        }

        Bottleneck found = VerdictFinder.find(ramp, DEFAULTS, "max steps").bottleneck();
        Bottleneck oneStep = VerdictFinder.find(List.of(ramp.get(1)), DEFAULTS, "max steps").bottleneck();

        assertThat(oneStep.resource()).isEqualTo(Bottleneck.CO_LIMITED);
        assertThat(found.resource()).isEqualTo("cpu");
        assertThat(found.source()).isEqualTo("broker-1");
        assertThat(found.summary()).contains("the ceiling (steps 0, 1, 2)");
    }

    private static List<StepMeasurement> ramp(double[] spread, double... means) {
        List<StepMeasurement> steps = new java.util.ArrayList<>();
        for (int i = 0; i < means.length; i++) {
            double[] readings = new double[spread.length];
            for (int r = 0; r < spread.length; r++) {
                readings[r] = means[i] * spread[r];
            }
            steps.add(step(i, means[i]).readings(readings).build());
        }
        return steps;
    }
}
