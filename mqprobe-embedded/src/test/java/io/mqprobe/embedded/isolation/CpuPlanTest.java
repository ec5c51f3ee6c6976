package io.mqprobe.embedded.isolation;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CpuPlanTest {

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_pin_whole_core_brokers_to_their_own_cores_and_give_the_client_the_rest() {
        CpuPlan plan = CpuPlan.of(List.of(0, 1, 2, 3), 2, 1, 0, false);

        assertThat(plan.brokerCpus()).containsExactly("0", "1");
        assertThat(plan.clientCores()).isEqualTo(2.0);
        assertThat(plan.clientCpus()).isEqualTo("2,3");
        assertThat(plan.oversubscribed()).isFalse();
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_let_fractional_brokers_share_the_cores_the_client_does_not_pin() {
        CpuPlan plan = CpuPlan.of(List.of(0, 1), 2, 0.5, 1, false);

        assertThat(plan.clientCpus()).isEqualTo("1");
        assertThat(plan.brokerCpus()).containsExactly("0", "0");
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_say_when_the_quotas_leave_less_outside_them_than_mqprobe_leaves_itself() {
        // 3 x 0.5 cores, the client taking what they leave: the whole machine; 3 x 0.3 + 0.4: mqprobe's own 0.7 outside
        assertThat(CpuPlan.of(List.of(0, 1), 3, 0.5, 0, false).tight())
                .startsWith("the quotas leave 0 of 2 cores outside them, where mqprobe's own sizing leaves 0.7");
        assertThat(CpuPlan.of(List.of(0, 1), 3, 0.4, 0.5, false).tight()).startsWith("the quotas leave 0.3 of 2 cores");
        assertThat(CpuPlan.of(List.of(0, 1), 3, 0.3, 0.4, false).tight()).isEmpty();
        assertThat(CpuPlan.of(List.of(0, 1), 3, 1, 0.5, true).tight()).as("oversubscribed says more").isEmpty();
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_refuse_oversubscription_in_one_line_unless_allowed() {
        assertThatThrownBy(() -> CpuPlan.of(List.of(0, 1), 3, 1, 0, false))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("3 brokers x 1 cores").hasMessageContaining("--allow-oversubscribe")
                .extracting(Throwable::getMessage).matches(m -> !m.contains("\n"));

        CpuPlan allowed = CpuPlan.of(List.of(0, 1), 3, 1, 0, true);
        assertThat(allowed.oversubscribed()).isTrue();
        assertThat(allowed.clientCores()).isEqualTo(2.0);
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_read_cpuset_lists() {
        assertThat(CpuPlan.parseList("0-2,5")).containsExactly(0, 1, 2, 5);
    }
}
