package io.mqprobe.run;

import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.result.StepResult;
import io.mqprobe.workers.ClockOffset;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ClockUncertaintyTest {

    private static StepResult withE2eMedianUs(double p50) {
        LatencySummary e2e = new LatencySummary(p50, p50 * 2, p50 * 3, p50 * 4, p50 * 5, p50, 1_000);
        return new StepResult(0, 1, 1000.0, "2026-11-26T00:00:00Z", 0, 1000, 1000, 100_000, 1000, 100_000, Map.of(),
                e2e, e2e, e2e, e2e, null, List.of());
    }

    @Test
    void should_flag_a_step_whose_median_latency_is_within_the_loosest_workers_clock_uncertainty() {
        Map<String, ClockOffset> clocks = Map.of("w1", new ClockOffset(250_000, 300), "w2", new ClockOffset(40, 4_000));

        assertThat(LoadWorkers.uncertainLatency(clocks, List.of(withE2eMedianUs(3_000), withE2eMedianUs(9_000))))
                .hasValueSatisfying(note -> assertThat(note).startsWith("end-to-end latency of 1 step(s)")
                        .contains("w2's clock is known to \u00b14.0 ms"));
    }

    @Test
    void should_say_nothing_when_every_latency_is_larger_than_what_the_clocks_may_be_off_by() {
        Map<String, ClockOffset> clocks = Map.of("w1", new ClockOffset(250_000, 300));

        assertThat(LoadWorkers.uncertainLatency(clocks, List.of(withE2eMedianUs(3_000)))).isEmpty();
        assertThat(LoadWorkers.uncertainLatency(Map.of(), List.of(withE2eMedianUs(10)))).isEmpty();
    }
}
