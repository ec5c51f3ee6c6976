package io.mqprobe.probe;

import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.StepLoad;
import io.mqprobe.result.PlantedStepResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.run.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class ProbeProgressTest {

    @Test
    void a_topic_recreated_for_its_size_says_so_and_one_recreated_for_its_backlog_says_what_the_wait_saw() {
        // a plain Kafka broker's slow retention check: the topic outgrew half the disk budget, no backlog was seen
        // (2026-12-05, "topic created again first: null" before)
        StepResult.Settle outgrown = new StepResult.Settle(40, true, null, 0, null, List.of("mqprobe-broker-ceiling"));
        StepResult.Settle backlogged = new StepResult.Settle(900, true, null, 1, "under-replicated partitions 1, followers 1.3 GiB behind",
                List.of("mqprobe-replicated-all"));

        assertThat(ProbeProgress.settleNote(outgrown)).isEqualTo("  (topic created again first: it outgrew its share of the disk budget)");
        assertThat(ProbeProgress.settleNote(backlogged))
                .isEqualTo("  (topic created again first; the wait first saw under-replicated partitions 1, followers 1.3 GiB behind)");
        assertThat(ProbeProgress.settleNote(new StepResult.Settle(200, true, null, 0, null, List.of()))).isEmpty();
    }

    @Test
    void the_time_left_is_the_ramp_plans_worst_case_or_the_budgets_rest_when_that_is_shorter() {
        Instant now = Instant.parse("2026-12-05T20:00:00Z");
        TimeBudget oneMinuteLeft = new TimeBudget(now.plusSeconds(60), Clock.fixed(now, ZoneOffset.UTC));

        assertThat(ProbeProgress.timeLeft(300, oneMinuteLeft)).isEqualTo("1m00s left of the time budget");
        assertThat(ProbeProgress.timeLeft(30, oneMinuteLeft)).isEqualTo("at most 30s left");
        assertThat(ProbeProgress.timeLeft(300, null)).isEqualTo("at most 5m00s left");
        // spent: the plan's bound, not "0s left" while the last hold runs on (plain Kafka, 2026-12-05 19:57)
        assertThat(ProbeProgress.timeLeft(30, new TimeBudget(now, oneMinuteLeft.clock()))).isEqualTo("past the time budget, at most 30s left");
    }

    @Test
    void a_step_is_numbered_as_the_step_table_and_the_verdicts_number_it() {
        // the terminal said "step 10: 1 clients paced 118,705/s" where the verdict said "at step 9, 118,705 msgs/s
        // offered" and the step table's row was 9 (a default probe here, 2026-12-07 07:14, run 1): the JVM warm-up is step 0
        StringWriter err = new StringWriter();
        ProbeProgress progress = new ProbeProgress(new Progress(new PrintWriter(err)), List.of(), null, null);
        StepResult paced = PlantedStepResult.of(9, 1, 118_705.0, "2026-12-07T07:20:00Z", 1_000, 4_000, 118_705, List.of());

        progress.onStepDone(StepPlan.of("single", 9, new StepLoad.Work("paced", () -> null), Duration.ZERO, Duration.ZERO), paced);

        assertThat(err.toString()).startsWith("  step 9:  1 clients paced 118,705/s");
    }
}
