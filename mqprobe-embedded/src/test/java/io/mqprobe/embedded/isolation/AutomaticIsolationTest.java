package io.mqprobe.embedded.isolation;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

/** The isolation probe chooses for a machine: it always fits, so it is never refused as oversubscribed. */
@Timeout(10)
class AutomaticIsolationTest {

    @Test
    void should_leave_a_fifth_or_0_7_cores_outside_the_quotas_and_give_the_client_what_feeds_one_broker_at_its_ceiling() {
        IsolationOptions small = IsolationOptions.automatic(3, 2);
        IsolationOptions large = IsolationOptions.automatic(3, 16);

        // 2 cores: 0.7 left outside (a fifth, 0.4, left the host the verdict), 1.8 brokers' worth to the client (at a
        // quarter, 0.4, it stood beside the brokers at their ceilings), the rest to the brokers
        assertThat(small.brokerSpec()).hasToString("0.27c2g");
        assertThat(small.clientCores()).isEqualTo(0.49);
        assertThat(large.brokerSpec().cpuCores()).isEqualTo(2.66);
        assertThat(large.clientCores()).isEqualTo(4.8);
    }

    @Test
    void should_give_the_client_more_than_one_brokers_ceiling_needs_when_more_brokers_share_the_load() {
        IsolationOptions three = IsolationOptions.automatic(3, 8);
        IsolationOptions six = IsolationOptions.automatic(6, 8);

        // up to three brokers the client gets what feeds one broker at its ceiling; six take twice three's load
        assertThat(three.clientCores() / three.brokerSpec().cpuCores()).isCloseTo(1.8, offset(0.05));
        assertThat(six.clientCores() / six.brokerSpec().cpuCores()).isCloseTo(3.6, offset(0.1));
    }

    @Test
    void should_share_the_rest_among_the_brokers_when_only_the_load_generators_cores_were_given() {
        IsolationOptions around = IsolationOptions.brokersAround(0.6, false, 3, 2);

        assertThat(around.clientCores()).isEqualTo(0.6);
        assertThat(around.brokerSpec()).hasToString("0.23c2g");
        assertThat(3 * around.brokerSpec().cpuCores() + around.clientCores()).isLessThanOrEqualTo(2 - 0.7 + 1e-9);
        assertThatThrownBy(() -> IsolationOptions.brokersAround(1.4, false, 3, 2))
                .isInstanceOf(UsageException.class)
                .hasMessage("--client-cores 1.4 leaves 3 brokers under 0.10 cores each of the 1.3 cores mqprobe shares out on 2; "
                        + "give fewer client cores, or --broker-spec too");
    }

    @Test
    void should_fit_the_machine_it_was_chosen_for() {
        for (int cores : List.of(1, 2, 3, 4, 8, 16, 64)) {
            for (int brokers : List.of(1, 3, 5)) {
                IsolationOptions chosen = IsolationOptions.automatic(brokers, cores);
                double quotas = brokers * chosen.brokerSpec().cpuCores() + chosen.clientCores();
                assertThat(quotas).as("%d brokers on %d cores", brokers, cores).isLessThanOrEqualTo(cores);
                if (cores >= 2) {
                    // what cannot run inside the quotas (the kernel's threads, the JIT compilers) has room beside them:
                    // a fifth of the machine, and never under 0.7 cores
                    assertThat(quotas).as("%d brokers on %d cores", brokers, cores)
                            .isLessThanOrEqualTo(Math.min(0.8 * cores, cores - 0.7) + 1e-9);
                }
            }
        }
    }
}
