package io.mqprobe.report;

import java.util.ArrayList;
import java.util.List;

/** Columns padded to their widest cell for a terminal; numeric columns are right-aligned. */
final class TextTable {

    private final List<String> headers;
    private final boolean[] numeric;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(List<String> headers, boolean... numeric) {
        this.headers = headers;
        this.numeric = numeric;
    }

    void row(List<String> cells) {
        rows.add(cells);
    }

    /** Each line starts with {@code indent}; lines end without trailing blanks. */
    String render(String indent) {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, indent, headers, widths);
        rows.forEach(r -> line(out, indent, r, widths));
        return out.toString();
    }

    private void line(StringBuilder out, String indent, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder(indent);
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            boolean right = c < numeric.length && numeric[c];
            line.append(right ? pad + cell : cell + pad).append(c < cells.size() - 1 ? "  " : "");
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }
}
