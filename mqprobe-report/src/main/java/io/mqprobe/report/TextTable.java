package io.mqprobe.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Columns padded to their widest cell for a terminal; numeric columns are right-aligned. A note is a line between rows
 * that starts at a column and runs on past the others without widening them.
 */
final class TextTable {

    private final List<String> headers;
    private final boolean[] numeric;
    private final List<Line> lines = new ArrayList<>();

    private sealed interface Line {
    }

    private record Row(List<String> cells) implements Line {
    }

    private record Note(int column, String text) implements Line {
    }

    TextTable(List<String> headers, boolean... numeric) {
        this.headers = headers;
        this.numeric = numeric;
    }

    void row(List<String> cells) {
        lines.add(new Row(cells));
    }

    /** {@code text} on a line of its own below the rows so far, starting where {@code column} starts. */
    void note(int column, String text) {
        lines.add(new Note(column, text));
    }

    /** Each line starts with {@code indent}; lines end without trailing blanks. */
    String render(String indent) {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (Line line : lines) {
                if (line instanceof Row row) {
                    widths[c] = Math.max(widths[c], row.cells().get(c).length());
                }
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, indent, headers, widths);
        for (Line line : lines) {
            if (line instanceof Row row) {
                line(out, indent, row.cells(), widths);
            } else if (line instanceof Note note) {
                int start = 0;
                for (int c = 0; c < note.column(); c++) {
                    start += widths[c] + 2;
                }
                out.append((indent + " ".repeat(start) + note.text()).stripTrailing()).append('\n');
            }
        }
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
