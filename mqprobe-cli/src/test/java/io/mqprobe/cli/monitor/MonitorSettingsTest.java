package io.mqprobe.cli.monitor;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Ceiling;
import io.mqprobe.cli.options.CeilingOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class MonitorSettingsTest {

    @Test
    void should_parse_intervals_and_ceilings() {
        MonitorSettings s = MonitorSettings.parse(Duration.ofMillis(500), Duration.ofMinutes(2), ceilings("--disk-ceiling", "1.2GB/s", "--nic-ceiling", "10Gbit"));

        assertThat(s.interval()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.duration()).isEqualTo(Duration.ofMinutes(2));
        assertThat(s.diskWriteCeiling()).isEqualTo(new Ceiling(1.2e9, Ceiling.CONFIGURED));
        assertThat(s.nicCeiling()).isEqualTo(new Ceiling(1.25e9, Ceiling.CONFIGURED));
    }

    @Test
    void should_default_to_no_end_and_unknown_ceilings() {
        MonitorSettings s = MonitorSettings.parse(Duration.ofSeconds(1), null, ceilings());

        assertThat(s.duration()).isNull();
        assertThat(s.diskWriteCeiling()).isNull();
        assertThat(s.nicCeiling()).isNull();
    }

    @Test
    void should_reject_bad_values_with_the_flag_name() {
        assertThatThrownBy(() -> MonitorSettings.parse(Duration.ofMillis(50), null, ceilings()))
                .isInstanceOf(UsageException.class).hasMessageContaining("--interval");
        assertThatThrownBy(() -> MonitorSettings.parse(Duration.ofSeconds(1), null, ceilings("--disk-ceiling", "fast")))
                .isInstanceOf(UsageException.class).hasMessageContaining("--disk-ceiling").hasMessageContaining("fast");
        assertThatThrownBy(() -> MonitorSettings.parse(Duration.ofSeconds(1), null, ceilings("--nic-ceiling", "0MB/s")))
                .isInstanceOf(UsageException.class).hasMessageContaining("--nic-ceiling must be positive");
    }

    private static CeilingOptions ceilings(String... args) {
        return CommandLine.populateCommand(new CeilingOptions(), args);
    }
}
