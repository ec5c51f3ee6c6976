package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code mqprobe.result/v1} document written by a real probe run before the schema moved on (kept
 * verbatim, trimmed timeline): every renderer must still read it.
 */
@Timeout(30)
class V1CompatibilityTest {

    private static final String V1_PROBE = "/v1/probe-v1.json";

    @Test
    void should_render_a_v1_probe_result_in_every_format(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("result.json");
        try (InputStream in = V1CompatibilityTest.class.getResourceAsStream(V1_PROBE)) {
            Files.copy(in, file);
        }
        JsonNode v1 = Samples.JSON.readTree(file.toFile());
        assertThat(v1.get("schema").asText()).isEqualTo("mqprobe.result/v1");

        String md = MarkdownReport.render(Typed.document(v1));
        assertThat(md).contains("## Scenario: single", "- **ceiling:** ", "- **bottleneck:** host CPU");
        String terminal = TerminalSummary.render(Typed.document(v1), false);
        assertThat(terminal).contains("scenario single", "ceiling", "sustainable");
        Path html = ReportWriter.write(file, dir.resolve("report"));
        assertThat(Files.readString(html)).contains("single", "mq-charts");
    }
}
