package io.mqprobe.cli.probe;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.TempMqprobeHome;
import io.mqprobe.result.ResultJson;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code probe --specs}: sizes the machine cannot hold are refused before anything starts, and two small sizes
 * each get a fresh confined cluster, their own report, and one row per scenario in the instance-size table. Runs
 * under its own mqprobe home: the suite's shared {@code cluster up} would (rightly) be refused.
 */
@Timeout(300)
class InstanceSizeProbeTest {

    @RegisterExtension
    final TempMqprobeHome home = new TempMqprobeHome();

    private static void assumeIsolation() {
        Assumptions.assumeTrue(io.mqprobe.embedded.isolation.IsolationOptions.unavailableReason().isEmpty(),
                "confining brokers to a size needs root and a writable cgroup hierarchy");
    }

    @Test
    void should_refuse_a_size_with_more_cores_than_the_machine_in_one_line(@TempDir Path out) {
        assumeIsolation();
        CliRun run = CliRun.of("probe", "--specs", "0.25c1g,64c1g", "--out", out.toString());

        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.errLines()).isEqualTo(1);
        assertThat(run.err()).contains("size 64c1g");
        assertThat(run.millis()).isLessThan(10_000);
        assertThat(out.resolve("result.json")).doesNotExist();
    }

    @Test
    void should_refuse_sizes_whose_memory_adds_up_to_more_than_the_machine(@TempDir Path out) {
        assumeIsolation();
        CliRun run = CliRun.of("probe", "--specs", "0.1c64g", "--out", out.toString());

        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains("size 0.1c64g").contains("memory");
    }

    @Test
    void should_write_the_instance_size_table_with_a_row_per_size_and_scenario(@TempDir Path out) throws Exception {
        assumeIsolation();
        CliRun run = CliRun.of("probe", "--specs", "0.5c1g,0.25c1g", "--brokers", "1", "--scenarios", "single", "--jvm-warmup", "0",
                "--no-ceilings", "--step-warmup", "1s", "--step-duration", "2s", "--max-step-duration", "2s", "--max-steps", "2", "--max-clients", "2",
                "--sustainable-steps", "none", "--out", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode doc = ResultJson.MAPPER.readTree(out.resolve("result.json").toFile());
        assertThat(doc.get("experiment").asText()).isEqualTo("instance-sizes");
        JsonNode rows = doc.get("instanceSizes");
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).get("spec").asText()).isEqualTo("0.25c1g");   // smallest first
        assertThat(rows.get(1).get("spec").asText()).isEqualTo("0.5c1g");
        for (JsonNode row : rows) {
            assertThat(row.get("ceilingBytesPerSecond").asDouble()).isPositive();
            assertThat(row.get("capacityPerCoreBytesPerSecond").asDouble())
                    .isCloseTo(row.get("ceilingBytesPerSecond").asDouble() / row.get("cores").asDouble(), within(1.0));
            assertThat(row.get("bottleneck").asText()).isNotBlank();   // two short steps may not reach a plateau
            Path own = out.resolve(row.get("runDir").asText());
            JsonNode ownDoc = ResultJson.MAPPER.readTree(own.resolve("result.json").toFile());
            assertThat(ownDoc.get("target").get("isolation").asText()).contains(row.get("spec").asText());
            assertThat(own.resolve("report.html")).exists();
        }
        assertThat(doc.get("summary").get("lines")).hasSize(1);   // how capacity went from one size to the next
        assertThat(Files.readString(out.resolve("report.html"))).contains("Instance sizes").contains("Capacity vs broker size");
        assertThat(Files.readString(out.resolve("report.md"))).contains("| 0.25c1g ×1 | single |");
        assertThat(run.out()).contains("0.5c1g ×1");
    }
}
