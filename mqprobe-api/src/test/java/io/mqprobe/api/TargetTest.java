package io.mqprobe.api;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TargetTest {

    private static Target kafka(String bootstrap) {
        return new Target("kafka", bootstrap, Map.of(), Duration.ofSeconds(5));
    }

    @Test
    void should_tell_brokers_on_this_hosts_loopback_from_any_elsewhere() {
        assertThat(kafka("127.0.0.1:9092,127.0.0.2:9093, [::1]:9094,localhost:9095").onLoopback()).isTrue();
        assertThat(new Target("rocketmq", "127.0.0.1:9876;127.0.0.1:9877", Map.of(), Duration.ofSeconds(5)).onLoopback()).isTrue();
        // one broker elsewhere: the host is not the cluster's
        assertThat(kafka("127.0.0.1:9092,10.1.2.3:9092").onLoopback()).isFalse();
        assertThat(kafka("192.0.2.7:9092").onLoopback()).isFalse();
        assertThat(kafka("not-an-address").onLoopback()).isFalse();
    }
}
