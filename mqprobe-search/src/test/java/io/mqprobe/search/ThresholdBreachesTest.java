package io.mqprobe.search;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.mqprobe.search.StepBuilder.step;
import static org.assertj.core.api.Assertions.assertThat;

class ThresholdBreachesTest {

    private static final Thresholds DEFAULTS = Thresholds.defaults();

    @Test
    void should_show_a_breach_that_rounds_to_its_threshold_finely_enough_to_read_over_it() {
        // 0.226 of 0.3 cores is 75.3 %, shown "75 %" alone; a p99 of 200.4 ms "200 ms", of 1,004 ms "1.00 s"
        List<StepMeasurement> steps = List.of(step(0, 10_000).build(), step(1, 20_000).cpu("broker-1", 0.226, 0.3).build(),
                step(2, 30_000).p99Ms(200.4).build(), step(3, 36_000).p99Ms(1004).build());

        assertThat(ThresholdBreaches.of(steps.get(1), DEFAULTS)).containsExactly("broker-1 CPU 75.3 % > 75 %");
        assertThat(ThresholdBreaches.of(steps.get(2), DEFAULTS)).containsExactly("p99 200.4 ms > SLO 200 ms");
        assertThat(ThresholdBreaches.of(steps.get(3), DEFAULTS.withSloP99(Duration.ofSeconds(1)))).containsExactly("p99 1.004 s > SLO 1.00 s");
        assertThat(ThresholdBreaches.of(step(4, 40_000).cpu("broker-1", 0.24, 0.3).build(), DEFAULTS))
                .containsExactly("broker-1 CPU 80 % > 75 %");
    }

    @Test
    void should_show_a_latency_breach_in_the_unit_its_slo_is_shown_in() {
        // a sub-millisecond SLO is shown in µs, and so is the p99 over it (it read "p99 0.500 ms > SLO 500 µs")
        StepMeasurement step = step(0, 10_000).p99Ms(0.5004).build();

        assertThat(ThresholdBreaches.of(step, DEFAULTS.withSloP99(Duration.ofNanos(500_000)))).containsExactly("p99 500.4 µs > SLO 500 µs");
    }
}
