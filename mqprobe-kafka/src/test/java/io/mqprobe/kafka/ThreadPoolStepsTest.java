package io.mqprobe.kafka;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/** Thread pools resize by at most a factor of two per step, as the broker demands. */
@Timeout(10)
class ThreadPoolStepsTest {

    @Test
    void should_double_or_halve_towards_the_target_and_end_on_it() {
        assertThat(ThreadPoolSteps.path(1, 4)).containsExactly(2, 4);
        assertThat(ThreadPoolSteps.path(1, 6)).containsExactly(2, 4, 6);
        assertThat(ThreadPoolSteps.path(16, 3)).containsExactly(8, 4, 3);
        assertThat(ThreadPoolSteps.path(3, 1)).containsExactly(2, 1);
        assertThat(ThreadPoolSteps.path(8, 8)).isEmpty();
    }

    @Test
    void should_step_only_counts_of_known_pools() {
        assertThat(ThreadPoolSteps.applies("num.replica.fetchers", "4")).isTrue();
        assertThat(ThreadPoolSteps.applies("num.replica.fetchers", null)).isTrue();
        assertThat(ThreadPoolSteps.applies("num.replica.fetchers", "-5")).isFalse();   // left to the broker to reject
        assertThat(ThreadPoolSteps.applies("replica.fetch.max.bytes", "4")).isFalse();
    }
}
