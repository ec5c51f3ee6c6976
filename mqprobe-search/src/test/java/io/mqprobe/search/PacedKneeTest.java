package io.mqprobe.search;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The knee read from paced steps' latency, on planted steps. */
class PacedKneeTest {

    private static StepMeasurement paced(int index, double rate, double p99Ms) {
        return StepBuilder.step(index, rate).target(rate).p99Ms(p99Ms).build();
    }

    @Test
    void should_put_the_knee_at_the_highest_rate_before_latency_doubled_and_say_how_it_was_found() {
        List<StepMeasurement> steps = List.of(paced(7, 25_000, 8), paced(8, 50_000, 12), paced(9, 80_000, 45),
                paced(10, 65_000, 14), paced(11, 72_000, 30));

        StepPoint knee = PacedKnee.find(steps).orElseThrow();

        assertThat(knee.step()).isEqualTo(10);
        assertThat(knee.recordsPerSecond()).isEqualTo(65_000);
        assertThat(knee.basis()).startsWith("from the paced steps' latency").contains("8.0 ms").contains("30 ms at 72,000 msgs/s offered");
        assertThat(knee.searchedWithinPct()).as("the gap to the rate where latency rose, in % of it")
                .isCloseTo(100.0 * 7_000 / 72_000, within(1e-9));
    }

    @Test
    void should_take_a_stall_below_a_rate_that_held_for_noise_not_for_the_knee() {
        List<StepMeasurement> stalled = List.of(paced(7, 25_000, 8), paced(8, 50_000, 41), paced(9, 80_000, 45),
                paced(10, 65_000, 14), paced(11, 72_000, 30));

        StepPoint knee = PacedKnee.find(stalled).orElseThrow();

        assertThat(knee.recordsPerSecond()).as("50k's one stalled step does not put the knee at 25k").isEqualTo(65_000);
    }

    @Test
    void should_take_a_repeated_rate_at_its_best_and_find_no_knee_while_latency_stays_flat() {
        List<StepMeasurement> flat = List.of(paced(7, 25_000, 8), paced(8, 50_000, 9), paced(9, 50_000, 40), paced(10, 80_000, 12));
        List<StepMeasurement> topHeld = List.of(paced(7, 25_000, 8), paced(8, 50_000, 30), paced(9, 80_000, 12));

        assertThat(PacedKnee.find(flat)).isEmpty();
        assertThat(PacedKnee.find(topHeld)).as("the highest rate held: a stall below it is no knee").isEmpty();
        assertThat(PacedKnee.find(flat.subList(0, 2))).as("two rates are no curve").isEmpty();
    }
}
