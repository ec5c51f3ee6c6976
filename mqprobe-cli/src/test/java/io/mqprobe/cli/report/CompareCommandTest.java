package io.mqprobe.cli.report;

import io.mqprobe.cli.CliRun;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class CompareCommandTest {

    /** A probe of one scenario: ceiling and sustainable load with their intervals (records/s), and a bottleneck. */
    private static final String PROBE = """
            {"schema": "mqprobe.result/v2", "command": "probe", "complete": true, "interrupted": false,
             "scenarios": [{"name": "single", "steps": [], "verdict": {"kind": "probe",
               "ceiling": {"step": 3, "recordsPerSecond": %1$d, "bytesPerSecond": %2$d,
                           "interval": {"mean": %1$d, "halfWidth": %3$d, "readings": 16, "batches": 8}},
               "knee": null,
               "sustainable": {"step": 6, "recordsPerSecond": 50000, "bytesPerSecond": 51200000,
                               "interval": {"mean": 50000, "halfWidth": 1000, "readings": 5, "batches": 5}},
               "bottleneck": {"resource": "%4$s", "source": "broker-1", "summary": "", "evidence": []}}}],
             "intervals": [], "timeline": [], "summary": null}
            """;

    @TempDir
    Path dir;

    @Test
    void should_report_a_drop_beyond_the_spread_and_write_the_comparison() throws IOException {
        Path before = write("before.json", PROBE.formatted(100_000, 102_400_000, 4_000, "cpu"));
        Path after = write("after.json", PROBE.formatted(70_000, 71_680_000, 3_000, "disk"));

        CliRun run = CliRun.of("compare", before.toString(), after.toString(), "--out", dir.resolve("cmp").toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        assertThat(run.out()).contains("mqprobe compare: 2 probe runs")
                .contains("102.4 MB/s ±4").contains("71.7 MB/s ±").contains("(-30.0 %, beyond the spread)")
                .contains("disk / broker-1 (changed)").contains("1 figure moved beyond the runs' spread, 1 verdict changed");
        assertThat(dir.resolve("cmp/compare.json")).content().contains("\"BEYOND_SPREAD\"");
        assertThat(dir.resolve("cmp/compare.md")).content().startsWith("# mqprobe compare: 2 probe runs");
    }

    @Test
    void should_exit_1_when_a_drop_gate_breaks_and_write_it_as_junit() throws IOException {
        Path before = write("before.json", PROBE.formatted(100_000, 102_400_000, 4_000, "cpu"));
        Path after = write("after.json", PROBE.formatted(80_000, 81_920_000, 3_000, "cpu"));
        Path junit = dir.resolve("gates.xml");

        CliRun run = CliRun.of("compare", before.toString(), after.toString(), "--fail-if", "ceiling drop > 10%",
                "--fail-if", "sustainable drop > 10%", "--junit", junit.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.RUN_FAILED);
        assertThat(run.out()).contains("gate BROKEN: ceiling drop > 10% (single run 2 -20.0 %)")
                .contains("gate passed: sustainable drop > 10% (single run 2 +0.0 %)");
        assertThat(junit).content().contains("tests=\"2\" failures=\"1\"");
    }

    @Test
    void should_exit_2_in_one_line_for_runs_of_different_kinds() throws IOException {
        Path probe = write("probe.json", PROBE.formatted(100_000, 102_400_000, 4_000, "cpu"));
        Path produce = write("produce.json", """
                {"schema": "mqprobe.result/v2", "command": "produce", "complete": true, "scenarios": []}
                """);

        CliRun run = CliRun.of("compare", probe.toString(), produce.toString());

        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains("cannot compare runs of different kinds: " + probe + " is probe, " + produce + " is produce");
        assertThat(run.errLines()).isEqualTo(1);
    }

    @Test
    void should_judge_by_the_run_to_run_noise_given_and_refuse_a_bad_one_in_one_line() throws IOException {
        Path before = write("before.json", PROBE.formatted(100_000, 102_400_000, 2_000, "cpu"));
        Path after = write("after.json", PROBE.formatted(88_000, 90_112_000, 2_000, "cpu"));

        CliRun byDefault = CliRun.of("compare", before.toString(), after.toString());
        CliRun quiet = CliRun.of("compare", before.toString(), after.toString(), "--run-noise", "5%");
        CliRun bad = CliRun.of("compare", before.toString(), after.toString(), "--run-noise", "lots");

        assertThat(byDefault.out()).contains("(-12.0 %)").contains("no figure moved beyond the runs' spread");
        assertThat(quiet.out()).contains("run-to-run noise of 5 %").contains("(-12.0 %, beyond the spread)");
        assertThat(bad.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(bad.err()).contains("bad --run-noise 'lots'");
        assertThat(bad.errLines()).isEqualTo(1);
    }

    @Test
    void should_exit_2_with_a_single_result() throws IOException {
        CliRun run = CliRun.of("compare", write("one.json", PROBE.formatted(1, 1, 0, "cpu")).toString());

        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }
}
