package io.mqprobe.ceilings.disk;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class DiskProbeJsonTest {

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void should_round_trip_spec_and_result_through_json() throws Exception {
        DiskProbeSpec spec = new DiskProbeSpec(Path.of("/var/tmp"), List.of(1, 4), List.of(4096, 1 << 20),
                FlushMode.PERIODIC_FSYNC, Duration.ofMillis(1500), true, 3L << 30);
        DiskCell cell = new DiskCell(4, 1 << 20, 123456789L, 2_000_000_000L, 61728394.5, 1.5e9, null);
        DiskProbeResult result = new DiskProbeResult(List.of(cell), cell, cell.writeBytesPerSecond(), spec,
                DiskProbe.COLD_READ_METHOD, List.of("a note"));

        String text = json.writeValueAsString(result);
        DiskProbeResult back = json.readValue(text, DiskProbeResult.class);

        assertThat(back).isEqualTo(result);
        assertThat(json.readTree(text).at("/spec/durationPerCell").asText()).isEqualTo("PT1.5S");
        assertThat(json.readTree(text).at("/cells/0/cachedReadBytesPerSecond").isNull()).isTrue();
        assertThat(json.readTree(text).at("/spec/dir").asText()).isEqualTo("/var/tmp");
    }
}
