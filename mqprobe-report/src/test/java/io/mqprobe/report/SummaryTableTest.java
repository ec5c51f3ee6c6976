package io.mqprobe.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.mqprobe.api.UsageException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A summary's table is drawn as columns in every output: aligned in the terminal, a table in HTML and Markdown. */
class SummaryTableTest {

    @Test
    void should_align_the_columns_in_the_terminal() {
        String text = TerminalSummary.render(Typed.document(withTable()), Ansi.of(false, Map.of()));

        assertThat(text).contains("  minute  MB/s  p99\n  1       64.7  566 ms\n  30*     9.1   -\n");
    }

    @Test
    void should_draw_a_table_in_html_and_markdown() {
        ObjectNode result = withTable();

        assertThat(Samples.html(result)).contains("<table class=\"summary-table\"><thead><tr><th>minute</th><th>MB/s</th>"
                + "<th>p99</th></tr></thead><tbody>\n<tr><td>1</td><td>64.7</td><td>566 ms</td></tr>");
        assertThat(MarkdownReport.render(Typed.document(result))).contains("| minute | MB/s | p99 |\n|---|---|---|\n| 1 | 64.7 | 566 ms |\n"
                + "| 30\\* | 9.1 | - |\n");
    }

    @Test
    void should_refuse_a_table_mqprobe_could_not_have_written_in_one_line_and_draw_none_for_a_summary_without_one() {
        ObjectNode shortRow = withTable();
        ((ArrayNode) shortRow.get("summary").get("table").get("rows")).addArray().add("31");
        ObjectNode headless = withTable();
        ((ObjectNode) headless.get("summary").get("table")).remove("header");
        ObjectNode without = withTable();
        ((ObjectNode) without.get("summary")).remove("table");

        // a table's rows are as wide as its header when written: such a file was not written by mqprobe
        assertThatThrownBy(() -> Typed.document(shortRow)).isInstanceOf(UsageException.class)
                .hasMessageContaining("does not read as a result document").hasMessageContaining("a row of 1 figures under 3");
        assertThatThrownBy(() -> Typed.document(headless)).isInstanceOf(UsageException.class)
                .hasMessageContaining("does not read as a result document");
        assertThat(TerminalSummary.render(Typed.document(without), Ansi.of(false, Map.of()))).doesNotContain("minute");
    }

    private static ObjectNode withTable() {
        ObjectNode result = Samples.load(Samples.INTERRUPTED);
        ObjectNode summary = result.has("summary") && result.get("summary").isObject() ? (ObjectNode) result.get("summary")
                : result.putObject("summary");
        ObjectNode table = summary.putObject("table");
        table.putArray("header").add("minute").add("MB/s").add("p99");
        ArrayNode rows = table.putArray("rows");
        rows.addArray().add("1").add("64.7").add("566 ms");
        rows.addArray().add("30*").add("9.1").add("-");
        return result;
    }
}
