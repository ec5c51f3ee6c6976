package io.mqprobe.cli.monitor;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class MonitorSettingsTest {

    @Test
    void should_parse_intervals_and_ceilings() {
        MonitorSettings s = MonitorSettings.parse("500ms", "2m", "1.2GB/s", "10Gbit");

        assertThat(s.interval()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.duration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(s.diskWriteCeilingBps()).isEqualTo(1.2e9);
        assertThat(s.nicCeilingBps()).isEqualTo(1.25e9);
    }

    @Test
    void should_default_to_no_end_and_unknown_ceilings() {
        MonitorSettings s = MonitorSettings.parse("1s", null, null, null);

        assertThat(s.duration()).isNull();
        assertThat(s.diskWriteCeilingBps()).isNaN();
        assertThat(s.nicCeilingBps()).isNaN();
    }

    @Test
    void should_reject_bad_values_with_the_flag_name() {
        assertThatThrownBy(() -> MonitorSettings.parse("50ms", null, null, null))
                .isInstanceOf(UsageException.class).hasMessageContaining("--interval");
        assertThatThrownBy(() -> MonitorSettings.parse("1s", "0s", null, null))
                .isInstanceOf(UsageException.class).hasMessageContaining("--duration");
        assertThatThrownBy(() -> MonitorSettings.parse("1s", null, "fast", null))
                .isInstanceOf(UsageException.class).hasMessageContaining("fast");
    }
}
