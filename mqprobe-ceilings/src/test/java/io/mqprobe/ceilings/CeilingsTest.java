package io.mqprobe.ceilings;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Ceiling;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

@Timeout(60)
class CeilingsTest {

    @TempDir
    Path dir;

    @Test
    void should_take_configured_ceilings_in_the_units_users_write() {
        assertThat(Ceilings.configured("--disk-ceiling", "1.2GB/s")).isEqualTo(new Ceiling(1.2e9, Ceiling.CONFIGURED));
        assertThat(Ceilings.configured("--nic-ceiling", "10Gbit").bytesPerSecond()).isCloseTo(1.25e9, within(1.0));
        assertThat(Ceilings.configured("--nic-ceiling", "800MiB/s")).isEqualTo(new Ceiling(800.0 * 1024 * 1024, Ceiling.CONFIGURED));
        assertThat(Ceilings.configured("--nic-ceiling", null)).as("not given: unknown").isNull();
    }

    @Test
    void should_name_the_flag_when_a_configured_ceiling_is_bad() {
        assertThatThrownBy(() -> Ceilings.configured("--nic-ceiling", "fast"))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("--nic-ceiling");
        assertThatThrownBy(() -> Ceilings.configured("--disk-ceiling", "0GB/s"))
                .isInstanceOf(UsageException.class).hasMessageContaining("positive");
    }

    @Test
    void should_measure_a_quick_disk_ceiling_and_leave_nothing_behind() throws IOException {
        Ceiling ceiling = Ceilings.probedDiskWrite(dir, Duration.ofSeconds(1));

        assertThat(ceiling.source()).isEqualTo(Ceiling.PROBED);
        assertThat(ceiling.bytesPerSecond()).isPositive();
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void should_measure_a_quick_loopback_ceiling() {
        Ceiling ceiling = Ceilings.probedLoopbackNic(Duration.ofSeconds(1));

        assertThat(ceiling.source()).isEqualTo(Ceiling.PROBED);
        assertThat(ceiling.bytesPerSecond()).isPositive();
    }
}
