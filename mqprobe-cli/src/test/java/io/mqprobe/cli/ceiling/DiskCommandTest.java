package io.mqprobe.cli.ceiling;

import io.mqprobe.cli.CliRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class DiskCommandTest {

    @TempDir
    Path dir;

    @TempDir
    Path out;

    @Test
    void should_print_table_heat_map_best_and_ceiling_and_write_json() throws IOException {
        Path json = out.resolve("disk.json");

        CliRun run = CliRun.of("disk", "--dir", dir.toString(), "--threads", "1,2", "--block", "4k,64k",
                "--duration", "200ms", "--max-bytes", "32MiB", "--json", json.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("threads").contains("darker is faster").contains("best:").contains("ceiling:");
        assertThat(run.out().lines().filter(line -> line.contains(" thr "))).hasSize(2);
        assertThat(run.err()).contains("[4/4]");
        JsonNode result = new ObjectMapper().readTree(json.toFile());
        assertThat(result.get("schema").asText()).isEqualTo("mqprobe.disk/v1");
        assertThat(result.get("cells").size()).isEqualTo(4);
        assertThat(result.get("ceilingBytesPerSecond").asDouble()).isPositive()
                .isEqualTo(result.get("best").get("writeBytesPerSecond").asDouble());
        assertThat(result.at("/spec/flushMode").asText()).isEqualTo("PAGE_CACHE");
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void should_exit_2_and_write_nothing_when_free_space_is_short() throws IOException {
        CliRun run = CliRun.of("disk", "--dir", dir.toString(), "--threads", "1", "--block", "64k",
                "--duration", "1s", "--max-bytes", "900TiB");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().lines().filter(line -> line.startsWith("mqprobe: "))).singleElement()
                .asString().contains("refusing to write");
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void should_exit_2_on_bad_units_and_values() {
        for (String[] args : new String[][]{
                {"disk", "--block", "4q"},
                {"disk", "--threads", "two"},
                {"disk", "--duration", "fast"},
                {"disk", "--mode", "turbo"},
                {"disk", "--max-bytes", "lots"},
                {"disk", "--dir", dir.resolve("missing").toString(), "--duration", "1s"},
                {"disk", "--dir", dir.toString(), "--mode", "direct", "--block", "1000", "--duration", "1s"}}) {
            CliRun run = CliRun.of(args);

            assertThat(run.exitCode()).as(String.join(" ", args) + ": " + run.err()).isEqualTo(2);
            assertThat(run.err().lines().filter(line -> line.startsWith("mqprobe: "))).as(String.join(" ", args)).hasSize(1);
            assertThat(run.err()).doesNotContain("\tat ");
        }
    }
}
