package io.mqprobe.cli.probe;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.cli.CliProcess;
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
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The main job end to end on the shared embedded cluster, and a probe interrupted with SIGINT. */
@ExtendWith(SharedCliCluster.class)
@Timeout(300)
class ProbeCommandTest {

    @Test
    void should_ramp_scenarios_and_write_verdicts_ceilings_and_reports(@TempDir Path dir) throws Exception {
        // every step exactly 2 s (not up to 6-8 s while the precision target is missed): what is asserted is the shape of
        // the search and the report, not how precise a figure is (ProbePlannerTest proves the precision rule)
        CliRun run = CliRun.of("probe", "--scenarios", "single,replicated-all", "--max-steps", "3", "--jvm-warmup", "6s",
                "--step-warmup", "1s", "--step-duration", "2s", "--max-step-duration", "2s", "--sustainable-steps", "0.5",
                "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode doc = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
        assertThat(doc.get("complete").asBoolean()).isTrue();
        assertThat(doc.get("ceilings").get("diskWriteBytesPerSecond").asDouble()).isPositive();
        assertThat(doc.get("ceilings").get("nicBytesPerSecond").asDouble()).isPositive();
        JsonNode scenarios = doc.get("scenarios");
        assertThat(scenarios).hasSize(2);
        for (JsonNode s : scenarios) {
            // up to 3 unthrottled steps to saturate (a plateau's knee and next step measured again), then paced at half
            // the ceiling, then narrowed below it if that failed, or between it and the ceiling if it passed (a failure
            // that looks like noise measured again)
            // each scenario warms up first, unjudged, until every JVM compiles under 50 ms/s or 6 s have passed
            JsonNode steps = s.get("steps");
            assertThat(steps.get(0).get("warmupMs").asLong() + steps.get(0).get("measuredMs").asLong()).isLessThan(12_000);
            // at most: the warm-up, the ramp with its repeats, the paced steps (the fraction, the narrowing, the steps
            // past the budget, the repeats) and the holds (one in a gap, one of them held again after a stall)
            int ramp = 1 + 3 + io.mqprobe.search.KneeConfirmation.REPEATED_STEPS;
            int paced = 1 + io.mqprobe.probe.ProbePlanner.NARROWING_STEPS + io.mqprobe.search.SustainableSearch.EXTRA_STEPS
                    + io.mqprobe.probe.ProbePlanner.MAX_REPEATS;
            int holds = io.mqprobe.search.SustainableSearch.MAX_HOLDS + 1 + io.mqprobe.search.SustainableSearch.MAX_HOLD_REPEATS;
            assertThat(steps.size()).isBetween(3, ramp + paced + holds);
            assertThat(steps.get(0).get("targetRecordsPerSecond").isNull()).isTrue();
            List<Double> offered = new java.util.ArrayList<>();
            steps.forEach(step -> {
                if (!step.get("targetRecordsPerSecond").isNull()) {
                    offered.add(step.get("targetRecordsPerSecond").asDouble());
                }
            });
            double ceiling = s.get("verdict").get("ceiling").get("recordsPerSecond").asDouble();
            assertThat(offered).isNotEmpty();
            assertThat(offered.get(0)).isCloseTo(ceiling / 2, within(ceiling * 0.01));
            assertThat(offered).allSatisfy(rate -> assertThat(rate).isLessThan(ceiling));
            assertThat(s.get("verdict").get("ceiling").get("bytesPerSecond").asDouble()).isPositive();
            assertThat(s.get("verdict").get("bottleneck").get("resource").asText()).isNotBlank();
            assertThat(s.get("verdict").get("stopReason").asText()).isNotBlank();
        }
        assertThat(scenarios.get(1).get("topic").get("replicationFactor").asInt()).isEqualTo(3);
        assertThat(doc.get("summary").get("headline").asText()).matches("\\d+ × .*MB/s.*");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("replicated-all");
        assertThat(Files.exists(dir.resolve("report.md"))).isTrue();
        assertThat(run.out()).contains("MB/s");
        assertThat(run.err()).contains("warm-up: ");
    }

    @Test
    void should_leave_a_renderable_incomplete_result_when_interrupted(@TempDir Path dir) throws Exception {
        Path result = dir.resolve("result.json");
        Process probe = CliProcess.start(dir.resolve("probe.log"), List.of("probe", "--no-ceilings", "--jvm-warmup", "0",
                "--step-warmup", "1s", "--step-duration", "3s", "--max-step-duration", "3s", "--out", dir.toString()));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (!hasAStep(result) && System.nanoTime() < deadline && probe.isAlive()) {
                Thread.sleep(500);
            }
            assertThat(hasAStep(result)).as("a step was written before the interrupt; the probe said:%n%s",
                    Files.readString(dir.resolve("probe.log"))).isTrue();
            new ProcessBuilder("kill", "-INT", String.valueOf(probe.pid())).start().waitFor();
            assertThat(probe.waitFor(60, TimeUnit.SECONDS)).as("stopped within 60 s of the interrupt; the probe said:%n%s",
                    Files.readString(dir.resolve("probe.log"))).isTrue();
        } finally {
            probe.destroyForcibly();
        }

        assertThat(probe.exitValue()).as(Files.readString(dir.resolve("probe.log"))).isEqualTo(ExitCode.INTERRUPTED);
        JsonNode doc = ResultJson.MAPPER.readTree(result.toFile());
        assertThat(doc.get("complete").asBoolean()).isFalse();
        assertThat(doc.get("interrupted").asBoolean()).isTrue();
        assertThat(doc.get("scenarios").size()).isLessThan(4);

        CliRun report = CliRun.of("report", result.toString(), "--out", dir.resolve("again").toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(Files.readString(dir.resolve("again").resolve("report.html")).toLowerCase()).contains("incomplete");
    }

    private static boolean hasAStep(Path result) {
        try {
            JsonNode doc = ResultJson.MAPPER.readTree(result.toFile());
            for (JsonNode s : doc.get("scenarios")) {
                if (s.get("steps").size() > 0) {
                    return true;
                }
            }
            return false;
        } catch (Exception e) {
            return false;
        }
    }
}
