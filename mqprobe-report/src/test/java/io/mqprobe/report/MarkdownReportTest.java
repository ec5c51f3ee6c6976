package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class MarkdownReportTest {

    @Test
    void should_have_title_status_summary_table_and_one_section_per_scenario() {
        JsonNode result = Samples.load(Samples.FULL_PROBE);
        String md = MarkdownReport.render(Typed.document(result));
        List<String> lines = Arrays.asList(md.split("\n"));

        assertThat(lines.get(0)).isEqualTo("# mqprobe probe report");
        assertThat(lines.get(2)).startsWith("**Status: complete**");
        assertThat(md).contains("## Summary\n\n**3 × 48.5 MB/s**\n",
                "| scenario | ceiling | knee | sustainable | bottleneck |\n|---|---|---|---|---|\n", "## Run\n");
        int scenarios = result.get("scenarios").size();
        assertThat(lines.stream().filter(l -> l.startsWith("## Scenario: "))).hasSize(scenarios);
        assertThat(lines.stream().filter(l -> l.startsWith("| single | 95.0 MB/s"))).hasSize(1);
        assertThat(md).contains("- **knee:** 114.0 MB/s · 111,328 msgs/s · 4 clients\n",
                "- **bottleneck:** broker-1 CPU 1.96/2 cores at the knee\n  - broker-1 CPU 1.96/2 cores (98 %)\n");
    }

    @Test
    void should_show_a_pooled_ceiling_with_its_interval_and_the_plateau_behind_it() {
        JsonNode result = Samples.load(Samples.FULL_PROBE);
        ObjectNode ceiling = (ObjectNode) result.get("scenarios").get(0).get("verdict").get("ceiling");
        ceiling.putObject("interval").put("mean", ceiling.get("recordsPerSecond").asDouble())
                .put("halfWidth", 0.05 * ceiling.get("recordsPerSecond").asDouble()).put("readings", 24).put("batches", 12);
        ceiling.putArray("pooled").add(2).add(3).add(4);

        String md = MarkdownReport.render(Typed.document(result));

        assertThat(md).containsPattern("- \\*\\*ceiling:\\*\\* [^\\n]* ±5 % \\(24 readings\\) · plateau of steps 2, 3, 4\\n");
    }

    @Test
    void should_write_step_tables_whose_rows_all_have_the_header_width() {
        String md = MarkdownReport.render(Typed.document(Samples.load(Samples.FULL_PROBE)));

        List<String> tableLines = Arrays.stream(md.split("\n")).filter(l -> l.startsWith("| step |")).toList();
        assertThat(tableLines).hasSize(4);
        String[] sections = md.split("## Scenario: ");
        for (int i = 1; i < sections.length; i++) {
            List<String> rows = Arrays.stream(sections[i].split("\n")).filter(l -> l.startsWith("|")).toList();
            int columns = cells(rows.get(0));
            assertThat(rows).allSatisfy(r -> assertThat(cells(r)).isEqualTo(columns));
            assertThat(rows.get(1)).matches("\\|(---:?\\|)+");
            assertThat(rows).hasSize(2 + Samples.load(Samples.FULL_PROBE).get("scenarios").get(i - 1).get("steps").size());
        }
    }

    @Test
    void should_show_consumer_checks_and_errors_for_an_e2e_run() {
        String md = MarkdownReport.render(Typed.document(Samples.load(Samples.E2E)));

        assertThat(md).contains("| scenario | result |\n|---|---|\n| e2e | 20.5 MB/s · 20,000 msgs/s · p99 4.1 ms", "| e2e p99 |", "| consumed |", "399,997 · lost 0 · dup 2 · out-of-order 0",
                "4 (NotLeaderOrFollowerException 1, TimeoutException 3)", "| 5.3 ms |");
    }

    @Test
    void should_mark_interrupted_and_empty_runs_incomplete() {
        assertThat(MarkdownReport.render(Typed.document(Samples.load(Samples.INTERRUPTED))))
                .contains("**Status: INCOMPLETE — interrupted**", "incomplete after 2 steps; last: 92.0 MB/s");
        assertThat(MarkdownReport.render(Typed.document(Samples.load(Samples.EMPTY))))
                .contains("**Status: INCOMPLETE", "No scenario has finished a step yet.");
    }

    @Test
    void should_neutralise_html_and_table_syntax_from_the_document() {
        ObjectNode result = Samples.load(Samples.E2E);
        ((ObjectNode) result.get("scenarios").get(0)).put("name", "a|b <script>x</script>\n# not a heading");
        ((ObjectNode) result.get("summary")).putArray("notes").add("see [here](javascript:alert(1)) *now*");

        String md = MarkdownReport.render(Typed.document(result));

        assertThat(md).doesNotContain("<script>", "a|b", "[here](", "\n# not a heading")
                .contains("a\\|b &lt;script&gt;x&lt;/script&gt; \\# not a heading", "\\[here\\](javascript:alert(1)) \\*now\\*");
    }

    private static int cells(String row) {
        return row.replace("\\|", "").split("\\|", -1).length;
    }
}
