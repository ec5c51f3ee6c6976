package io.mqprobe.monitor;

import io.mqprobe.api.BrokerInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** What the monitors of a cluster mqprobe did not start cannot see, and what to pass to see it. */
@Timeout(10)
class BlindSpotsTest {

    private static final List<BrokerInfo> THREE = List.of(new BrokerInfo(1, "kafka1", 9092, null),
            new BrokerInfo(2, "kafka2", 9092, null), new BrokerInfo(3, "kafka3", 9092, null));

    @Test
    void should_name_every_broker_and_both_flags_when_nothing_is_given() {
        List<String> lines = BlindSpots.of(THREE, 0, Set.of(), false);

        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("monitor: CPU not seen for broker-1, broker-2, broker-3: pass --jmx");
        assertThat(lines.get(1)).startsWith("monitor: disk and NIC not seen for broker-1, broker-2, broker-3")
                .contains("--prometheus ID=http://HOST:9100/metrics");
    }

    @Test
    void should_name_only_what_is_still_unseen() {
        // JMX for the first two brokers, node_exporter on broker 2's host
        List<String> lines = BlindSpots.of(THREE, 2, Set.of(2), false);

        assertThat(lines).containsExactly(
                "monitor: CPU not seen for broker-3: pass --jmx HOST:PORT for each broker (its JVM's CPU against its own limit,"
                        + " GC, request threads) or --prometheus ID=URL of its node_exporter or cAdvisor",
                "monitor: disk and NIC not seen for broker-1, broker-3 (nor CPU steal or pressure of their hosts): pass"
                        + " --prometheus ID=http://HOST:9100/metrics of each broker host's node_exporter");
    }

    @Test
    void should_say_nothing_when_every_resource_is_watched() {
        assertThat(BlindSpots.of(THREE, 3, Set.of(1, 2, 3), false)).isEmpty();
        // brokers on this machine: its own host sampler sees their disk and NIC
        assertThat(BlindSpots.of(THREE, 3, Set.of(), true)).isEmpty();
    }
}
