package io.mqprobe.api;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HostPortTest {

    @Test
    void should_read_a_host_and_port_including_ipv6_in_brackets() {
        assertThat(HostPort.parse("--listen", "0.0.0.0:7801")).isEqualTo(new HostPort("0.0.0.0", 7801));
        assertThat(HostPort.parse("--coordinator", " mqprobe-coordinator:7801 ").uri("http").toString())
                .isEqualTo("http://mqprobe-coordinator:7801");
        HostPort v6 = HostPort.parse("--listen", "[::1]:0");
        assertThat(v6.host()).isEqualTo("::1");
        assertThat(v6.toString()).isEqualTo("[::1]:0");
    }

    @Test
    void should_refuse_anything_else_naming_the_flag() {
        for (String bad : new String[] {"no-port", ":7801", "host:", "host:70000", "host:x", "a b:1"}) {
            assertThatThrownBy(() -> HostPort.parse("--coordinator", bad)).isInstanceOf(UsageException.class)
                    .hasMessage("bad --coordinator '" + bad + "': expected HOST:PORT");
        }
    }

    @Test
    void should_refuse_port_zero_for_an_address_to_connect_to() {
        assertThat(HostPort.parseRemote("--jmx", "kafka-a:9999")).isEqualTo(new HostPort("kafka-a", 9999));
        for (String bad : new String[] {"kafka-a:0", "kafka-a", "kafka-a:", ":9999", "kafka-a:99999", "kafka-a:jmx"}) {
            assertThatThrownBy(() -> HostPort.parseRemote("--jmx", bad)).isInstanceOf(UsageException.class)
                    .hasMessage("bad --jmx '" + bad + "': expected HOST:PORT");
        }
    }
}
