package io.mqprobe.report;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(30)
class ReportFormatsTest {

    @TempDir
    Path dir;

    @Test
    void should_write_a_format_a_module_registered_beside_the_built_in_ones() throws Exception {
        List<ReportFormat> chosen = ReportFormats.parse(List.of("text", "markdown", "text"));

        List<Path> written = ReportWriter.write(ReportInput.read(Samples.copyTo(Samples.E2E, dir)), dir.resolve("out"), chosen);

        assertThat(ReportFormats.known()).containsKeys("html", "markdown", "text");
        assertThat(chosen).extracting(ReportFormat::id).containsExactly("text", "markdown");
        assertThat(written).containsExactly(dir.resolve("out/report.txt").toAbsolutePath(), dir.resolve("out/report.md").toAbsolutePath());
        assertThat(Files.readString(written.get(0))).contains("mqprobe e2e").doesNotContain("\u001b[");
        try (var files = Files.list(dir.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("report.txt", "report.md");
        }
    }

    @Test
    void should_name_the_known_formats_when_one_is_unknown() {
        assertThatThrownBy(() -> ReportFormats.parse(List.of("html", "pdf")))
                .isInstanceOf(UsageException.class).hasMessage("unknown report format 'pdf' (known: html, markdown, text)");
        assertThatThrownBy(() -> ReportFormats.parse(List.of()))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("--format names no report format");
    }
}
