package io.mqprobe.cli.report;

import io.mqprobe.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class ReportCommandTest {

    /** A single-step produce run, as the load commands write it. */
    private static final String PRODUCE_RESULT = """
            {"schema": "mqprobe.result/v1", "command": "produce", "argv": ["--records", "100000"],
             "complete": %s, "interrupted": %s, "failure": null,
             "startedAt": "2026-11-21T23:30:00Z", "finishedAt": null, "someNewField": {"x": 1},
             "scenarios": [{"name": "produce", "skipped": null, "steps": [{"index": 0, "clients": 1,
               "measuredMs": 10000, "records": 100000, "recordsPerSecond": 10000, "bytesPerSecond": 10240000,
               "errors": {}, "latencyUs": {"p50": 800, "p95": 1900, "p99": 3200, "p999": 7000, "max": 9000},
               "serviceLatencyUs": {"p50": 700, "p95": 1800, "p99": 3000, "p999": 6000, "max": 8000},
               "resources": [{"source": "broker-1", "metric": "cpu.cores", "mean": 0.8, "peak": 1.1, "capacity": 2}]}],
               "verdict": null}],
             "intervals": [{"epochMs": 1795303800000, "scenario": "produce", "step": 0, "phase": "measure",
               "ackedPerSecond": 10000, "p99Us": 3100},
               {"epochMs": 1795303801000, "scenario": "produce", "step": 0, "phase": "measure",
               "ackedPerSecond": 10100, "p99Us": 3300}],
             "timeline": [], "summary": null}
            """;

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void should_write_both_reports_next_to_the_result_and_print_paths_and_summary() throws IOException {
        Path result = write("result.json", PRODUCE_RESULT.formatted(true, false));

        int code = run("report", result.toString());

        assertThat(code).as(err.toString()).isZero();
        Path html = dir.resolve("report.html").toAbsolutePath();
        assertThat(out.toString()).contains("report:   " + html, "markdown: " + dir.resolve("report.md").toAbsolutePath(),
                "mqprobe produce: complete", "10,000 msgs/s", "p99 3.2 ms", "p99.9 7.0 ms");
        assertThat(Files.readString(html)).startsWith("<!DOCTYPE html>").contains("mqprobe produce report");
        assertThat(dir.resolve("report.md")).content().startsWith("# mqprobe produce report");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void should_write_into_the_out_directory_and_mark_an_interrupted_run_incomplete() throws IOException {
        Path result = write("result.json", PRODUCE_RESULT.formatted(false, true));
        Path reports = dir.resolve("reports/today");

        int code = run("report", result.toString(), "--out", reports.toString());

        assertThat(code).isZero();
        assertThat(out.toString()).contains("INCOMPLETE — interrupted");
        assertThat(reports.resolve("report.html")).content().contains("INCOMPLETE — interrupted");
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    @Test
    void should_write_only_the_formats_asked_for() throws IOException {
        Path result = write("result.json", PRODUCE_RESULT.formatted(true, false));

        int code = run("report", result.toString(), "--format", "markdown");

        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("markdown: " + dir.resolve("report.md").toAbsolutePath()).doesNotContain("report:   ");
        assertThat(dir.resolve("report.md")).exists();
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    @Test
    void should_exit_2_with_one_line_naming_the_known_formats_for_an_unknown_one() throws IOException {
        Path result = write("result.json", PRODUCE_RESULT.formatted(true, false));

        assertBadInput(run("report", result.toString(), "--format", "html,pdf"), "unknown report format 'pdf' (known: html, markdown)");
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    @Test
    void should_exit_2_with_one_line_for_a_missing_file() {
        assertBadInput(run("report", dir.resolve("nope.json").toString()), "no such file: " + dir.resolve("nope.json"));
    }

    @Test
    void should_exit_2_with_one_line_for_a_file_that_is_not_json() throws IOException {
        Path bad = write("bad.json", "this is not json");

        assertBadInput(run("report", bad.toString()), bad + " is not valid JSON");
    }

    @Test
    void should_exit_2_with_one_line_for_json_of_another_schema() throws IOException {
        Path other = write("other.json", "{\"schema\": \"mqprobe.disk/v1\"}");

        assertBadInput(run("report", other.toString()), "is not an mqprobe result document (schema 'mqprobe.disk/v1'");
    }

    @Test
    void should_exit_2_when_the_out_directory_is_a_file() throws IOException {
        Path result = write("result.json", PRODUCE_RESULT.formatted(true, false));
        Path file = write("taken", "x");

        assertBadInput(run("report", result.toString(), "--out", file.toString()), "cannot write the report to " + file);
    }

    @Test
    void should_exit_2_without_a_result_argument() {
        int code = run("report");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("RESULT.json").doesNotContain("\tat ");
    }

    private void assertBadInput(int code, String message) {
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith("mqprobe: ").contains(message).doesNotContain("\tat ", "Exception");
        assertThat(err.toString().strip().lines()).hasSize(1);
        assertThat(dir.resolve("report.html")).doesNotExist();
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    private int run(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }
}
