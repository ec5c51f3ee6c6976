package io.mqprobe.embedded.isolation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The isolation probe chooses for a machine: it always fits, so it is never refused as oversubscribed. */
@Timeout(10)
class AutomaticIsolationTest {

    @Test
    void should_leave_a_fifth_outside_the_quotas_and_give_the_client_a_quarter_and_the_brokers_equal_shares_of_the_rest() {
        IsolationOptions small = IsolationOptions.automatic(3, 2);
        IsolationOptions large = IsolationOptions.automatic(3, 16);

        assertThat(small.brokerSpec()).hasToString("0.4c1g");
        assertThat(small.clientCores()).isEqualTo(0.4);
        assertThat(large.brokerSpec().cpuCores()).isEqualTo(3.2);
        assertThat(large.clientCores()).isEqualTo(3.2);
    }

    @Test
    void should_fit_the_machine_it_was_chosen_for() {
        for (int cores : List.of(1, 2, 3, 4, 8, 16, 64)) {
            for (int brokers : List.of(1, 3, 5)) {
                IsolationOptions chosen = IsolationOptions.automatic(brokers, cores);
                double quotas = brokers * chosen.brokerSpec().cpuCores() + chosen.clientCores();
                assertThat(quotas).as("%d brokers on %d cores", brokers, cores).isLessThanOrEqualTo(cores);
                if (cores >= 2) {
                    // what cannot run inside the quotas (the kernel's threads, the JIT compilers) has room beside them
                    assertThat(quotas).as("%d brokers on %d cores", brokers, cores).isLessThanOrEqualTo(0.8 * cores + 1e-9);
                }
            }
        }
    }
}
