package io.mqprobe.search;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.mqprobe.search.StepBuilder.curve;
import static io.mqprobe.search.StepBuilder.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class RampPolicyTest {

    private static final Thresholds DEFAULTS = Thresholds.defaults();
    private static final int MAX_STEPS = 10;

    @Test
    void should_continue_before_the_first_step() {
        assertThat(RampPolicy.next(List.of(), DEFAULTS, MAX_STEPS)).isInstanceOf(RampDecision.Continue.class);
    }

    @Test
    void should_continue_while_throughput_grows() {
        assertThat(RampPolicy.next(curve(10_000, 20_000, 30_000), DEFAULTS, MAX_STEPS)).isInstanceOf(RampDecision.Continue.class);
    }

    @Test
    void should_stop_when_throughput_plateaus_for_two_steps() {
        RampDecision decision = RampPolicy.next(curve(10_000, 20_000, 30_000, 30_500, 30_200), DEFAULTS, MAX_STEPS);

        assertThat(stopReason(decision)).startsWith("plateau: throughput gain below 5 % for 2 steps after step 2");
    }

    @Test
    void should_keep_ramping_after_one_flat_step() {
        assertThat(RampPolicy.next(curve(10_000, 20_000, 30_000, 30_500), DEFAULTS, MAX_STEPS))
                .isInstanceOf(RampDecision.Continue.class);
    }

    @Test
    void should_not_stop_on_a_single_dip_that_recovers() {
        List<StepMeasurement> dip = curve(10_000, 20_000, 30_000, 25_000);
        List<StepMeasurement> recovered = curve(10_000, 20_000, 30_000, 25_000, 40_000);

        assertThat(RampPolicy.next(dip, DEFAULTS, MAX_STEPS)).isInstanceOf(RampDecision.Continue.class);
        assertThat(RampPolicy.next(recovered, DEFAULTS, MAX_STEPS)).isInstanceOf(RampDecision.Continue.class);
    }

    @Test
    void should_stop_when_the_next_step_confirms_a_dip() {
        RampDecision decision = RampPolicy.next(curve(10_000, 20_000, 30_000, 25_000, 26_000), DEFAULTS, MAX_STEPS);

        assertThat(stopReason(decision)).startsWith("plateau:");
    }

    @Test
    void should_stop_when_a_dip_only_recovers_to_the_old_level() {
        RampDecision decision = RampPolicy.next(curve(10_000, 20_000, 30_000, 25_000, 30_500), DEFAULTS, MAX_STEPS);

        assertThat(stopReason(decision)).startsWith("plateau: throughput gain below 5 % for 2 steps after step 2");
    }

    @Test
    void should_honour_a_longer_plateau_confirmation() {
        Thresholds threeSteps = new Thresholds(75, 40, 80, 80, Duration.ofMillis(200), 5, 3, 0.001);
        List<StepMeasurement> twoFlat = curve(10_000, 20_000, 30_000, 30_500, 30_200);

        assertThat(RampPolicy.next(twoFlat, threeSteps, MAX_STEPS)).isInstanceOf(RampDecision.Continue.class);
        assertThat(RampPolicy.next(twoFlat, DEFAULTS, MAX_STEPS)).isInstanceOf(RampDecision.Stop.class);
    }

    @Test
    void should_stop_at_max_steps_while_still_growing() {
        RampDecision decision = RampPolicy.next(curve(10_000, 20_000, 30_000, 40_000), DEFAULTS, 4);

        assertThat(stopReason(decision)).isEqualTo("max steps: 4 steps measured, throughput still growing");
    }

    @Test
    void should_stop_at_once_when_errors_exceed_the_limit() {
        List<StepMeasurement> steps = new ArrayList<>(curve(10_000, 20_000));
        steps.add(step(2, 30_000).errors(6_000).build());

        assertThat(stopReason(RampPolicy.next(steps, DEFAULTS, MAX_STEPS))).isEqualTo("errors: 2.0 % of sends failed at step 2 (limit 0.10 %)");
    }

    @Test
    void should_tolerate_errors_under_the_limit() {
        List<StepMeasurement> steps = new ArrayList<>(curve(10_000, 20_000));
        steps.add(step(2, 30_000).errors(10).build());

        assertThat(RampPolicy.next(steps, DEFAULTS, MAX_STEPS)).isInstanceOf(RampDecision.Continue.class);
    }

    @Test
    void should_wait_for_a_second_slo_break_before_stopping() {
        List<StepMeasurement> once = List.of(step(0, 10_000).build(), step(1, 20_000).p99Ms(250).build());
        List<StepMeasurement> twice = List.of(step(0, 10_000).build(), step(1, 20_000).p99Ms(250).build(),
                step(2, 30_000).p99Ms(300).build());

        assertThat(RampPolicy.next(once, DEFAULTS, MAX_STEPS)).isInstanceOf(RampDecision.Continue.class);
        assertThat(stopReason(RampPolicy.next(twice, DEFAULTS, MAX_STEPS)))
                .isEqualTo("latency: p99 250 ms and 300 ms over the 200 ms SLO at steps 1 and 2");
    }

    @Test
    void should_stop_at_once_when_p99_is_more_than_twice_the_slo() {
        List<StepMeasurement> steps = List.of(step(0, 10_000).build(), step(1, 20_000).p99Ms(1_500).build());

        assertThat(stopReason(RampPolicy.next(steps, DEFAULTS, MAX_STEPS)))
                .isEqualTo("latency: p99 1.50 s is more than twice the 200 ms SLO at step 1");
    }

    @Test
    void should_use_the_configured_slo() {
        List<StepMeasurement> steps = List.of(step(0, 10_000).p99Ms(60).build(), step(1, 20_000).p99Ms(70).build());

        assertThat(RampPolicy.next(steps, DEFAULTS, MAX_STEPS)).isInstanceOf(RampDecision.Continue.class);
        assertThat(RampPolicy.next(steps, DEFAULTS.withSloP99(Duration.ofMillis(50)), MAX_STEPS)).isInstanceOf(RampDecision.Stop.class);
    }

    @Test
    void should_stop_when_latency_climbs_sharply_while_throughput_barely_grows() {
        List<StepMeasurement> steps = List.of(step(0, 10_000).p99Ms(5).build(), step(1, 20_000).p99Ms(5).build(),
                step(2, 30_000).p99Ms(6).build(), step(3, 33_000).p99Ms(120).build(), step(4, 34_000).p99Ms(190).build());

        assertThat(stopReason(RampPolicy.next(steps, DEFAULTS, MAX_STEPS)))
                .startsWith("plateau: throughput gain below 5 % or p99 climbing sharply for 2 steps after step 2");
    }

    @Test
    void should_stop_when_nothing_was_acknowledged() {
        List<StepMeasurement> steps = List.of(step(0, 10_000).build(), step(1, 0).errors(500).build());

        assertThat(stopReason(RampPolicy.next(steps, DEFAULTS, MAX_STEPS))).isEqualTo("no records acknowledged at step 1 (500 sends failed)");
    }

    @Test
    void should_reject_max_steps_below_one() {
        assertThatThrownBy(() -> RampPolicy.next(List.of(), DEFAULTS, 0))
                .isInstanceOf(UsageException.class).hasMessage("max steps must be at least 1, got 0");
    }

    private static String stopReason(RampDecision decision) {
        assertThat(decision).isInstanceOf(RampDecision.Stop.class);
        return ((RampDecision.Stop) decision).reason();
    }
}
