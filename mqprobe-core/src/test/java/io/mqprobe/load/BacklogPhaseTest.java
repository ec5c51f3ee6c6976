package io.mqprobe.load;

import io.mqprobe.result.StepResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class BacklogPhaseTest {

    /** 100 KB of 100-byte records for 2 subscriptions: built at 1,000 records owed, drained at OMB's floor of 1,000. */
    private static final BacklogSpec SPEC = new BacklogSpec(100_000, 100, 2, 1.0, Duration.ofSeconds(5), Duration.ofSeconds(60));

    private final List<Boolean> pauses = new ArrayList<>();
    private int stops;
    private final BacklogPhase phase = new BacklogPhase(SPEC, 10_000, pauses::add, () -> stops++);

    @Test
    void should_pause_after_the_warm_up_resume_at_the_size_and_stop_sending_the_measured_time_after_the_drain() {
        phase.tick(9_000, 900, 1_800);
        assertThat(pauses).as("consumers read along during the warm-up").isEmpty();

        phase.tick(10_000, 1_000, 2_000);
        assertThat(pauses).containsExactly(true);

        phase.tick(11_000, 1_400, 2_000);
        assertThat(pauses).as("800 records owed: 80 KB of 100 KB").containsExactly(true);
        phase.tick(12_000, 1_500, 2_000);
        assertThat(pauses).as("1,000 records owed: built").containsExactly(true, false);

        phase.tick(13_000, 1_600, 2_000);
        phase.tick(14_000, 1_700, 2_100);
        assertThat(stops).isZero();
        phase.tick(15_000, 1_800, 2_600);
        assertThat(stops).as("drained to 1,000 owed; the measured time starts").isZero();

        phase.tick(19_000, 2_200, 3_400);
        assertThat(stops).isZero();
        phase.tick(20_000, 2_300, 3_600);
        assertThat(stops).isEqualTo(1);
        phase.tick(21_000, 2_300, 3_600);
        assertThat(stops).as("once").isEqualTo(1);

        StepResult.Backlog outcome = phase.outcome();
        assertThat(outcome.targetBytes()).isEqualTo(100_000);
        assertThat(outcome.peakRecords()).as("3,400 owed, 2,100 read").isEqualTo(1_300);
        assertThat(outcome.builtAfterMs()).isEqualTo(2_000);
        assertThat(outcome.drainedAfterMs()).isEqualTo(3_000);
        assertThat(outcome.unfinished()).isNull();
    }

    @Test
    void should_give_up_and_stop_sending_when_the_backlog_does_not_build_within_its_bound() {
        phase.tick(10_000, 0, 0);
        phase.tick(69_000, 400, 0);
        assertThat(stops).isZero();
        phase.tick(70_000, 450, 0);

        assertThat(stops).isEqualTo(1);
        assertThat(pauses).as("the consumers read what was built").containsExactly(true, false);
        assertThat(phase.outcome().builtAfterMs()).isNull();
        assertThat(phase.outcome().unfinished()).startsWith("the backlog grew to").contains("of the").contains("within");
    }

    @Test
    void should_say_so_when_the_step_ends_before_the_backlog_drained() {
        phase.tick(10_000, 0, 0);
        phase.tick(11_000, 600, 0);

        StepResult.Backlog outcome = phase.outcome();

        assertThat(outcome.builtAfterMs()).isEqualTo(1_000);
        assertThat(outcome.drainedAfterMs()).isNull();
        assertThat(outcome.unfinished()).isEqualTo("the step ended before the backlog was drained");
    }
}
