package io.mqprobe.monitor.proc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/** What an isolated broker's disk and NIC can do, read from its cgroup throttle and its namespace's link. */
@Timeout(10)
class IsolatedCapacityTest {

    @Test
    void should_read_a_write_throttle_of_cgroup_v1_and_v2() {
        assertThat(ProcessLimits.writeLimit("254:0 10485760")).isEqualTo(10_485_760);
        assertThat(ProcessLimits.writeLimit("254:0 rbps=max wbps=3000000 riops=max wiops=max")).isEqualTo(3_000_000);
        assertThat(ProcessLimits.writeLimit("254:0 rbps=max wbps=max riops=max wiops=max")).isInfinite();
        assertThat(ProcessLimits.writeLimit("")).isInfinite();
    }

    @Test
    void should_read_the_link_rate_of_a_tbf_qdisc_in_bytes_per_second() {
        assertThat(NamespaceNicSampler.parseRate("qdisc tbf 8001: root refcnt 2 rate 40Mbit burst 32Kb lat 50.0ms"))
                .hasValue(5_000_000);
        assertThat(NamespaceNicSampler.parseRate("qdisc tbf 8002: root refcnt 2 rate 800Kbit burst 32Kb lat 50ms"))
                .hasValue(100_000);
        assertThat(NamespaceNicSampler.parseRate("qdisc noqueue 0: root refcnt 2")).isEmpty();
    }

    @Test
    void should_read_eth0_bytes_of_a_namespace() {
        String netDev = """
                Inter-|   Receive                                                |  Transmit
                 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
                    lo:     100       1    0    0    0     0          0         0      100       1    0    0    0     0       0          0
                  eth0: 5000000    4000    0    0    0     0          0         0   250000    3000    0    0    0     0       0          0
                """;

        assertThat(NamespaceNicSampler.counters(netDev)).containsExactly(5_000_000, 250_000);
        assertThat(NamespaceNicSampler.counters("lo: 1 2 3 4 5 6 7 8 9 10")).isNull();
    }
}
