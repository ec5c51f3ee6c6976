package io.mqprobe.report;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class ReportWriterTest {

    @TempDir
    Path dir;

    @Test
    void should_write_html_and_markdown_next_to_the_result() throws Exception {
        Path result = Samples.copyTo(Samples.INTERRUPTED, dir);

        Path html = ReportWriter.write(result, null);

        assertThat(html).isEqualTo(dir.resolve("report.html").toAbsolutePath());
        assertThat(Files.readString(html)).startsWith("<!DOCTYPE html>").contains("INCOMPLETE — interrupted");
        assertThat(Files.readString(html.resolveSibling(ReportFormats.MARKDOWN.fileName()))).startsWith("# mqprobe probe report");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("result.json", "report.html", "report.md");
        }
    }

    @Test
    void should_create_the_out_dir_and_replace_old_reports() throws Exception {
        Path result = Samples.copyTo(Samples.E2E, dir);
        Path out = dir.resolve("a/b");
        Files.createDirectories(out);
        Files.writeString(out.resolve("report.html"), "old");

        Path html = ReportWriter.write(result, out);

        assertThat(html).isEqualTo(out.resolve("report.html"));
        assertThat(Files.readString(html)).contains("mqprobe e2e report").doesNotStartWith("old");
        assertThat(out.resolve("report.md")).exists();
    }

    @Test
    void should_reject_what_is_not_a_result_document_in_one_line() throws Exception {
        Path missing = dir.resolve("nope.json");
        Path empty = Files.writeString(dir.resolve("empty.json"), "");
        Path notJson = Files.writeString(dir.resolve("bad.json"), "{\"schema\": ");
        Path array = Files.writeString(dir.resolve("array.json"), "[1, 2]");
        Path otherSchema = Files.writeString(dir.resolve("other.json"), "{\"schema\": \"something/v9\"}");
        Path noSchema = Files.writeString(dir.resolve("none.json"), "{\"command\": \"probe\"}");

        assertUsage(missing, "no such file: " + missing);
        assertUsage(empty, empty + " is empty");
        assertUsage(notJson, notJson + " is not valid JSON");
        assertUsage(array, array + " is not an mqprobe result document");
        assertUsage(otherSchema, "(schema 'something/v9', expected mqprobe.result/v2 or mqprobe.result/v1)");
        assertUsage(noSchema, "(schema missing, expected mqprobe.result/v2 or mqprobe.result/v1)");
        assertUsage(dir, dir + " is a directory");
    }

    private void assertUsage(Path file, String message) {
        assertThatThrownBy(() -> ReportWriter.write(file, dir.resolve("out")))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThat(dir.resolve("out")).doesNotExist();
    }
}
