package io.mqprobe.report;

import io.mqprobe.result.ResultDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A summary's figures in columns (a soak's minutes, a chaos run's faults): aligned columns in the terminal, a table in
 * the HTML and Markdown reports. The columns were once padded text in the summary's lines, which the reports drew as
 * a bullet list of ragged rows.
 *
 * @param header each column's name
 * @param rows   the figures, each row as long as the header
 */
record SummaryTable(List<String> header, List<List<String>> rows) {

    /** The table of a run's summary, if it has one with a header; {@code summary} is null when the run has none. */
    static Optional<SummaryTable> of(ResultDocument.Summary summary) {
        ResultDocument.Summary.Table table = summary == null ? null : summary.table();
        if (table == null || table.header().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new SummaryTable(table.header(), table.rows()));
    }

    /** Each row on a line, its columns padded to their widest cell, after {@code indent}; text made plain by {@code plain}. */
    String text(String indent, UnaryOperator<String> plain) {
        List<List<String>> all = new ArrayList<>();
        all.add(header.stream().map(plain).toList());
        rows.forEach(r -> all.add(r.stream().map(plain).toList()));
        int[] widths = new int[header.size()];
        all.forEach(r -> {
            for (int i = 0; i < r.size(); i++) {
                widths[i] = Math.max(widths[i], r.get(i).codePointCount(0, r.get(i).length()));
            }
        });
        StringBuilder out = new StringBuilder();
        for (List<String> r : all) {
            StringBuilder line = new StringBuilder(indent);
            for (int i = 0; i < r.size(); i++) {
                line.append(r.get(i));
                if (i < r.size() - 1) {
                    line.append(" ".repeat(widths[i] - r.get(i).codePointCount(0, r.get(i).length()) + 2));
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    String html() {
        StringBuilder html = new StringBuilder("<div class=\"table-wrap\"><table class=\"summary-table\"><thead><tr>");
        header.forEach(h -> html.append("<th>").append(Html.esc(h)).append("</th>"));
        html.append("</tr></thead><tbody>\n");
        for (List<String> row : rows) {
            html.append("<tr>");
            row.forEach(cell -> html.append("<td>").append(Html.esc(cell)).append("</td>"));
            html.append("</tr>\n");
        }
        return html.append("</tbody></table></div>\n").toString();
    }

    String markdown() {
        StringBuilder md = new StringBuilder("|");
        header.forEach(h -> md.append(' ').append(MarkdownReport.esc(h)).append(" |"));
        md.append("\n|").append("---|".repeat(header.size())).append('\n');
        for (List<String> row : rows) {
            md.append('|');
            row.forEach(cell -> md.append(' ').append(MarkdownReport.esc(cell)).append(" |"));
            md.append('\n');
        }
        return md.append('\n').toString();
    }
}
