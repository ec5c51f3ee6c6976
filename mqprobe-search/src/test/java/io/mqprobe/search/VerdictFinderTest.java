package io.mqprobe.search;

import io.mqprobe.api.monitor.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static io.mqprobe.search.StepBuilder.curve;
import static io.mqprobe.search.StepBuilder.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Knee, ceiling and sustainable load on synthetic curves; bottleneck verdicts are in {@link BottleneckVerdictTest}. */
@Timeout(10)
class VerdictFinderTest {

    private static final Thresholds DEFAULTS = Thresholds.defaults();

    @Test
    void should_report_knee_when_throughput_plateaus() {
        double[] rps = {10_000, 20_000, 30_000, 40_000, 41_000, 40_500};
        double[] brokerCores = {0.5, 1.0, 1.5, 1.96, 1.97, 1.97};
        List<StepMeasurement> steps = new ArrayList<>();
        for (int i = 0; i < rps.length; i++) {
            steps.add(step(i, rps[i]).cpu("broker-1", brokerCores[i], 2).build());
        }

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "plateau");

        assertThat(verdict.knee().step()).isEqualTo(3);
        assertThat(verdict.knee().recordsPerSecond()).isEqualTo(40_000);
        assertThat(verdict.ceiling()).isEqualTo(new StepPoint(4, 41_000, 41_000 * StepBuilder.RECORD_SIZE_BYTES));
        assertThat(verdict.sustainable().step()).isEqualTo(2);
        assertThat(verdict.sustainable().limitedBy()).isEqualTo("broker-1 CPU 98 % > 75 % at step 3");
        assertThat(verdict.bottleneck().resource()).isEqualTo(Bottleneck.CPU);
        assertThat(verdict.bottleneck().source()).isEqualTo("broker-1");
        assertThat(verdict.bottleneck().summary()).isEqualTo("broker-1 CPU 1.96/2 cores (98 %) at the knee (step 3)");
        assertThat(verdict.bottleneck().evidence()).first().isEqualTo("broker-1 CPU 1.96/2 cores (98 %)");
        assertThat(verdict.stopReason()).isEqualTo("plateau");
    }

    @Test
    void should_report_no_knee_and_the_last_step_as_ceiling_when_growth_is_linear() {
        List<StepMeasurement> steps = curve(10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000, 80_000);

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "max steps");

        assertThat(verdict.knee()).isNull();
        assertThat(verdict.ceiling().step()).isEqualTo(7);
        assertThat(verdict.sustainable().step()).isEqualTo(7);
        assertThat(verdict.sustainable().limitedBy()).isEqualTo("no threshold reached up to step 7 (ramp ended: max steps)");
        assertThat(verdict.bottleneck().resource()).isEqualTo(Bottleneck.NONE);
        assertThat(verdict.bottleneck().summary()).startsWith("no bottleneck reached: throughput was still growing");
    }

    @Test
    void should_not_put_the_knee_inside_the_noise_of_a_flat_curve() {
        ScenarioVerdict small = VerdictFinder.find(curve(100_000, 103_000, 98_000, 104_000, 101_000, 99_000), DEFAULTS, "plateau");
        ScenarioVerdict spiky = VerdictFinder.find(curve(100_000, 107_000, 99_000, 108_000, 100_000), DEFAULTS, "plateau");

        assertThat(small.knee().step()).isZero();
        assertThat(small.ceiling().step()).isEqualTo(3);
        assertThat(spiky.knee().step()).isZero();
        assertThat(spiky.ceiling().step()).isEqualTo(3);
    }

    @Test
    void should_find_the_knee_after_a_dip_and_recovery() {
        ScenarioVerdict verdict = VerdictFinder.find(curve(10_000, 20_000, 15_000, 30_000, 40_000, 41_000, 40_000), DEFAULTS, "plateau");

        assertThat(verdict.knee().step()).isEqualTo(4);
        assertThat(verdict.ceiling().step()).isEqualTo(5);
    }

    @Test
    void should_not_count_the_recovery_from_a_dip_as_growth() {
        ScenarioVerdict verdict = VerdictFinder.find(curve(10_000, 20_000, 30_000, 25_000, 30_500, 30_200), DEFAULTS, "plateau");

        assertThat(verdict.knee().step()).isEqualTo(2);
        assertThat(verdict.ceiling().step()).isEqualTo(4);
    }

    @Test
    void should_not_confirm_a_knee_on_a_dip_at_the_last_step() {
        ScenarioVerdict verdict = VerdictFinder.find(curve(10_000, 20_000, 30_000, 40_000, 35_000), DEFAULTS, "max steps");

        assertThat(verdict.knee()).isNull();
        assertThat(verdict.ceiling().step()).isEqualTo(3);
    }

    @Test
    void should_place_the_knee_before_latency_climbs_sharply() {
        List<StepMeasurement> steps = List.of(step(0, 10_000).p99Ms(5).build(), step(1, 20_000).p99Ms(5).build(),
                step(2, 30_000).p99Ms(6).build(), step(3, 33_000).p99Ms(120).build(), step(4, 34_000).p99Ms(190).build());

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "plateau");

        assertThat(verdict.knee().step()).isEqualTo(2);
        assertThat(verdict.ceiling().step()).isEqualTo(4);
        assertThat(verdict.sustainable().step()).isEqualTo(4);
    }

    @Test
    void should_stop_sustainable_load_before_the_slo_breaks() {
        List<StepMeasurement> steps = List.of(step(0, 10_000).build(), step(1, 20_000).build(), step(2, 30_000).build(),
                step(3, 36_000).p99Ms(250).build(), step(4, 40_000).p99Ms(300).build());

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "latency");

        assertThat(verdict.sustainable().step()).isEqualTo(2);
        assertThat(verdict.sustainable().recordsPerSecond()).isEqualTo(30_000);
        assertThat(verdict.sustainable().limitedBy()).isEqualTo("p99 250 ms > SLO 200 ms at step 3");
        assertThat(verdict.bottleneck().resource()).isEqualTo(Bottleneck.LATENCY);
        assertThat(verdict.bottleneck().summary()).startsWith("p99 300 ms over the 200 ms SLO at step 4");
        assertThat(verdict.ceiling().step()).isEqualTo(4);
    }

    @Test
    void should_blame_errors_when_sends_fail_and_nothing_is_saturated() {
        List<StepMeasurement> steps = List.of(step(0, 10_000).build(), step(1, 20_000).build(), step(2, 30_000).build(),
                step(3, 35_000).errors(7_143).build());

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "errors");

        assertThat(verdict.sustainable().step()).isEqualTo(2);
        assertThat(verdict.sustainable().limitedBy()).isEqualTo("errors 2.0 % > 0.10 % at step 3");
        assertThat(verdict.bottleneck().resource()).isEqualTo(Bottleneck.ERRORS);
        assertThat(verdict.bottleneck().summary()).startsWith("2.0 % of sends failed at step 3");
    }

    @Test
    void should_take_the_highest_step_before_the_first_breach_as_sustainable() {
        List<StepMeasurement> steps = List.of(
                step(0, 10_000).cpu("broker-1", 0.4, 2).build(),
                step(1, 20_000).cpu("broker-1", 0.8, 2).use("broker-1", Metric.DISK_WRITE_BPS, 0.9e9, 1e9).build(),
                step(2, 30_000).cpu("broker-1", 1.2, 2).build());

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "max steps");

        assertThat(verdict.sustainable().step()).isZero();
        assertThat(verdict.sustainable().limitedBy()).isEqualTo("broker-1 disk write 90 % > 80 % of ceiling at step 1");
    }

    @Test
    void should_list_every_breach_of_the_limiting_step_worst_first() {
        List<StepMeasurement> steps = List.of(step(0, 10_000).build(),
                step(1, 20_000).cpu("broker-1", 1.6, 2).use("host", Metric.CPU_IOWAIT_PCT, 60).build());

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "max steps");

        assertThat(verdict.sustainable().limitedBy()).isEqualTo("host iowait 60 % > 40 %, broker-1 CPU 80 % > 75 % at step 1");
    }

    @Test
    void should_not_cap_the_sustainable_load_by_the_load_generators_cpu() {
        // mqprobe is busy on its own cores, the broker is not: the cluster could sustain more
        // (a shared host's CPU does count: see SustainableSearchTest)
        List<StepMeasurement> steps = List.of(
                step(0, 10_000).cpu("broker-1", 0.4, 2).cpu("client", 1.8, 2).build(),
                step(1, 20_000).cpu("broker-1", 0.8, 2).cpu("client", 1.9, 2).build(),
                step(2, 30_000).cpu("broker-1", 1.6, 2).cpu("client", 1.9, 2).build());

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "max steps");

        assertThat(verdict.sustainable().step()).isEqualTo(1);
        assertThat(verdict.sustainable().limitedBy()).isEqualTo("broker-1 CPU 80 % > 75 % at step 2");
    }

    @Test
    void should_count_under_replicated_partitions_as_not_sustainable() {
        List<StepMeasurement> steps = List.of(step(0, 10_000).build(),
                step(1, 20_000).use("broker-2", Metric.UNDER_REPLICATED, 3).build());

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "max steps");

        assertThat(verdict.sustainable().step()).isZero();
        assertThat(verdict.sustainable().limitedBy()).isEqualTo("broker-2 under-replicated partitions 3 > 0 at step 1");
    }

    @Test
    void should_report_no_sustainable_step_when_the_first_step_breaks_a_threshold() {
        List<StepMeasurement> steps = List.of(step(0, 10_000).cpu("broker-1", 1.7, 2).build(),
                step(1, 11_000).cpu("broker-1", 1.9, 2).build(), step(2, 10_200).cpu("broker-1", 1.9, 2).build());

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "plateau");

        assertThat(verdict.sustainable()).isNull();
        assertThat(verdict.bottleneck().evidence()).contains("no sustainable step: broker-1 CPU 85 % > 75 % at step 0");
    }

    @Test
    void should_ramp_by_target_rate_the_same_way() {
        double[] target = {10_000, 20_000, 30_000, 40_000, 50_000};
        double[] actual = {10_000, 20_000, 29_900, 31_000, 31_200};
        List<StepMeasurement> steps = new ArrayList<>();
        for (int i = 0; i < target.length; i++) {
            steps.add(step(i, actual[i]).target(target[i]).build());
        }

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "plateau");

        assertThat(verdict.knee().step()).isEqualTo(2);
        assertThat(verdict.ceiling().step()).isEqualTo(4);
    }

    @Test
    void should_return_an_empty_verdict_when_no_step_was_measured() {
        ScenarioVerdict verdict = VerdictFinder.find(List.of(), DEFAULTS, "interrupted");

        assertThat(verdict.ceiling()).isNull();
        assertThat(verdict.knee()).isNull();
        assertThat(verdict.sustainable()).isNull();
        assertThat(verdict.bottleneck().resource()).isEqualTo(Bottleneck.NONE);
        assertThat(verdict.stopReason()).isEqualTo("interrupted");
    }

    @Test
    void should_reject_steps_out_of_ramp_order() {
        List<StepMeasurement> steps = List.of(step(1, 10_000).build(), step(0, 20_000).build());

        assertThatThrownBy(() -> VerdictFinder.find(steps, DEFAULTS, "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ramp order");
    }
}
