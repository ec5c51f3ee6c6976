package io.mqprobe.search;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class KneeConfirmationTest {

    private final Thresholds thresholds = Thresholds.defaults().withoutLatencyJudgement();

    private static StepMeasurement step(int index, int clients, double recordsPerSecond) {
        return new StepMeasurement(index, clients, null, recordsPerSecond, recordsPerSecond * 1000, (long) recordsPerSecond * 5, 0,
                null, List.of());
    }

    @Test
    void should_measure_the_knee_and_the_step_after_it_again_when_the_ramp_plateaus() {
        // 1 → 2 clients pays, then flat twice: knee at 2 clients
        List<StepMeasurement> ramp = List.of(step(0, 1, 10_000), step(1, 2, 19_000), step(2, 4, 19_200), step(3, 8, 19_100));

        assertThat(KneeConfirmation.toRepeat(ramp, thresholds)).containsExactly(2, 4);
    }

    @Test
    void should_not_repeat_twice_or_without_a_plateau() {
        List<StepMeasurement> growing = List.of(step(0, 1, 10_000), step(1, 2, 19_000), step(2, 4, 30_000));
        assertThat(KneeConfirmation.toRepeat(growing, thresholds)).isEmpty();

        List<StepMeasurement> confirmed = new ArrayList<>(List.of(step(0, 1, 10_000), step(1, 2, 19_000), step(2, 4, 19_200),
                step(3, 8, 19_100)));
        confirmed.add(step(4, 2, 18_500));
        confirmed.add(step(5, 4, 18_900));
        assertThat(KneeConfirmation.toRepeat(confirmed, thresholds)).isEmpty();
    }

    @Test
    void should_judge_on_the_repeat_and_move_the_knee_when_the_first_measurement_was_noise() {
        // a noisy dip at 4 clients made 2 the knee; measured again, 4 clients pays and 8 is flat after it
        List<StepMeasurement> ramp = List.of(step(0, 1, 10_000), step(1, 2, 19_000), step(2, 4, 15_000), step(3, 8, 25_000),
                step(4, 2, 19_000), step(5, 4, 24_000));
        List<StepMeasurement> judged = KneeConfirmation.latestPerClients(ramp);

        assertThat(judged).extracting(StepMeasurement::index).containsExactly(0, 4, 5, 3);   // 1, 2, 4, 8 clients
        VerdictFinder.find(judged, thresholds, "x");   // in ramp order for the verdict too
        assertThat(KneeConfirmation.spread(ramp)).hasValueSatisfying(s -> assertThat(s)
                .startsWith("measured twice: 2 clients").contains("4 clients").contains("(46 %)"));
    }
}
