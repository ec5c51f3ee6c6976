package io.mqprobe.load;

import io.mqprobe.api.LogDirSpace;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class DiskBudgetTest {

    private static final long GIB = 1L << 30;

    @Test
    void should_take_half_the_free_space_above_the_reserve_of_the_fullest_log_dir() {
        DiskBudget budget = DiskBudget.of(OptionalLong.empty(), GIB,
                List.of(new LogDirSpace(1, "/a", 100 * GIB, 21 * GIB), new LogDirSpace(2, "/b", 100 * GIB, 51 * GIB)));

        assertThat(budget.budgetBytes()).isEqualTo(10 * GIB);
        assertThat(budget.perReplicaBytes(TopicSpec.of("t", 5, 2))).isEqualTo((long) (0.8 * GIB));
    }

    @Test
    void should_refuse_to_start_when_a_log_dir_is_already_below_the_reserve() {
        assertThatThrownBy(() -> DiskBudget.of(OptionalLong.of(GIB), 2 * GIB, List.of(new LogDirSpace(1, "/a", 10 * GIB, GIB))))
                .isInstanceOf(UsageException.class).hasMessageContaining("--disk-reserve");
    }

    @Test
    void should_say_why_the_run_must_stop() {
        DiskBudget budget = new DiskBudget(10 << 20, GIB);
        List<LogDirSpace> roomy = List.of(new LogDirSpace(1, "/a", 100 * GIB, 50 * GIB));

        assertThat(budget.exceeded(5 << 20, roomy)).isNull();
        assertThat(budget.exceeded(11 << 20, roomy)).contains("over the disk budget of 10.0 MiB");
        assertThat(budget.exceeded(0, List.of(new LogDirSpace(2, "/b", 100 * GIB, GIB / 2)))).contains("broker 2").contains("reserve");
    }

    @Test
    void should_warn_when_the_brokers_delete_old_data_too_rarely_to_keep_the_topics_within_their_caps() {
        DiskBudget budget = new DiskBudget(31 * GIB, GIB);

        assertThat(budget.slowDeletion(Duration.ofMinutes(5), "log.retention.check.interval.ms"))
                .contains("only every 5m00s (log.retention.check.interval.ms)").contains("disk budget of 31.0 GiB").contains("--disk-budget");
        assertThat(budget.slowDeletion(Duration.ofSeconds(5), "check")).as("mqprobe's own brokers").isNull();
        assertThat(new DiskBudget(Long.MAX_VALUE, GIB).slowDeletion(Duration.ofMinutes(5), "check")).as("no cap, no budget to pass").isNull();
    }

    @Test
    void should_call_a_topic_outgrown_past_half_of_the_budget_and_none_without_a_budget() {
        DiskBudget budget = new DiskBudget(20 * GIB, GIB);

        assertThat(budget.outgrown(10 * GIB)).isFalse();
        assertThat(budget.outgrown(10 * GIB + 1)).isTrue();
        assertThat(new DiskBudget(Long.MAX_VALUE, GIB).outgrown(Long.MAX_VALUE - 1)).isFalse();
    }

    @Test
    void should_not_cap_when_the_cluster_does_not_report_its_disks() {
        assertThat(DiskBudget.of(OptionalLong.empty(), GIB, List.of()).capped()).isFalse();
    }
}
