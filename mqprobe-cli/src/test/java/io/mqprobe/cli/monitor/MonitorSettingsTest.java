package io.mqprobe.cli.monitor;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class MonitorSettingsTest {

    @Test
    void should_parse_intervals_ceilings_and_prometheus_endpoints_pinned_to_brokers() {
        MonitorSettings s = MonitorSettings.parse("500ms", "2m", List.of("http://b1:9100/metrics", "3=http://b3:7071/"),
                "1.2GB/s", "10Gbit");

        assertThat(s.interval()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.duration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(s.diskWriteCeilingBps()).isEqualTo(1.2e9);
        assertThat(s.nicCeilingBps()).isEqualTo(1.25e9);
        assertThat(s.prometheus()).containsExactly(
                new MonitorSettings.PrometheusEndpoint(null, URI.create("http://b1:9100/metrics")),
                new MonitorSettings.PrometheusEndpoint(3, URI.create("http://b3:7071/")));
    }

    @Test
    void should_default_to_no_end_and_unknown_ceilings() {
        MonitorSettings s = MonitorSettings.parse("1s", null, List.of(), null, null);

        assertThat(s.duration()).isNull();
        assertThat(s.diskWriteCeilingBps()).isNaN();
        assertThat(s.nicCeilingBps()).isNaN();
    }

    @Test
    void should_reject_bad_values_with_the_flag_name_and_never_show_a_password() {
        assertThatThrownBy(() -> MonitorSettings.parse("50ms", null, List.of(), null, null))
                .isInstanceOf(UsageException.class).hasMessageContaining("--interval");
        assertThatThrownBy(() -> MonitorSettings.parse("1s", "0s", List.of(), null, null))
                .isInstanceOf(UsageException.class).hasMessageContaining("--duration");
        assertThatThrownBy(() -> MonitorSettings.parse("1s", null, List.of("ftp://user:hunter2@b1/metrics"), null, null))
                .isInstanceOf(UsageException.class).hasMessageContaining("--prometheus").hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> MonitorSettings.parse("1s", null, List.of(), "fast", null))
                .isInstanceOf(UsageException.class).hasMessageContaining("fast");
    }
}
