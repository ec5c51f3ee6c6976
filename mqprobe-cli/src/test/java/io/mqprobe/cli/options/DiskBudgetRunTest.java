package io.mqprobe.cli.options;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.SharedCliCluster;
import io.mqprobe.result.ResultJson;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A run whose topics outgrow the disk budget stops cleanly: one line, exit 1, a partial result and report. */
@ExtendWith(SharedCliCluster.class)
@Timeout(180)
class DiskBudgetRunTest {

    @Test
    void should_stop_a_run_that_outgrows_a_tiny_disk_budget_with_one_line_and_a_partial_report(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("produce", "--disk-budget", "3MiB", "--duration", "90s", "--partitions", "1",
                "--replication-factor", "1", "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.RUN_FAILED);
        assertThat(run.err().lines().filter(l -> l.startsWith("mqprobe: stopping the run:")).toList())
                .singleElement().asString().contains("over the disk budget of 3.0 MiB");
        assertThat(run.millis()).as("stopped long before the 90 s it was asked to run").isLessThan(80_000);
        JsonNode doc = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
        assertThat(doc.get("complete").asBoolean()).isFalse();
        assertThat(doc.get("failure").asText()).contains("disk budget");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("disk budget");
    }
}
