package io.mqprobe.run;

import io.mqprobe.report.TerminalSummary;
import io.mqprobe.result.ResultReading;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class RunOutputTest {

    @Test
    void should_print_the_summary_of_the_result_it_wrote_and_name_the_result_and_report(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path html;
        try (RunOutput output = RunOutput.create("produce", List.of("produce"), dir, null)) {
            html = output.finish(false, null, new PrintWriter(out), new Progress(new PrintWriter(err)));
        }

        Path result = dir.resolve("result.json");
        assertThat(out.toString()).isNotEmpty()
                .isEqualTo(TerminalSummary.render(ResultReading.read(result), TerminalSummary.colorByDefault()));
        assertThat(html).isNotNull();
        assertThat(err.toString()).doesNotContain("could not render")
                .contains("result: " + result).contains("report: " + html.toAbsolutePath());
    }
}
