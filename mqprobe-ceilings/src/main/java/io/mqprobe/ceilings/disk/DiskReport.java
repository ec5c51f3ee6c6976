package io.mqprobe.ceilings.disk;

import io.mqprobe.api.units.ByteSize;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Prints a disk probe as a table, a shaded heat map (threads × block size), the best cell and the ceiling. */
public final class DiskReport {

    /** From slowest to fastest; plain characters, so the map survives NO_COLOR, pipes and copy-paste. */
    private static final String[] SHADES = {"  ", "░░", "▒▒", "▓▓", "██"};

    private DiskReport() {
    }

    public static void print(PrintWriter out, DiskProbeResult result) {
        List<DiskCell> cells = result.cells();
        boolean reads = cells.stream().anyMatch(c -> c.coldReadBytesPerSecond() != null || c.cachedReadBytesPerSecond() != null);
        out.printf(Locale.ROOT, "Sequential append in %s, mode %s, %s per cell%n", result.spec().dir(),
                result.spec().flushMode().typedName(), seconds(result.spec().durationPerCell().toMillis()));
        out.println();
        printTable(out, cells, reads);
        out.println();
        printHeatMap(out, result);
        out.println();
        DiskCell best = result.best();
        out.printf(Locale.ROOT, "best:    %d %s × %s blocks%n", best.threads(), best.threads() == 1 ? "thread" : "threads",
                ByteSize.format(best.blockSizeBytes()));
        out.printf(Locale.ROOT, "ceiling: %s (%.0f MB/s) sequential write, mode %s%n", ByteSize.formatRate(result.ceilingBytesPerSecond()),
                result.ceilingBytesPerSecond() / 1e6, result.spec().flushMode().typedName());
        if (result.coldReadMethod() != null) {
            out.println("cold read: " + result.coldReadMethod());
        }
        for (String note : result.notes()) {
            out.println("note: " + note);
        }
        out.flush();
    }

    private static void printTable(PrintWriter out, List<DiskCell> cells, boolean reads) {
        out.printf(Locale.ROOT, "%7s  %8s  %13s  %10s%s%n", "threads", "block", "write", "written",
                reads ? String.format(Locale.ROOT, "  %13s  %13s", "cold read", "cached read") : "");
        for (DiskCell cell : cells) {
            out.printf(Locale.ROOT, "%7d  %8s  %13s  %10s%s%n", cell.threads(), ByteSize.format(cell.blockSizeBytes()),
                    ByteSize.formatRate(cell.writeBytesPerSecond()), ByteSize.format(cell.bytesWritten()),
                    reads ? String.format(Locale.ROOT, "  %13s  %13s", rate(cell.coldReadBytesPerSecond()),
                            rate(cell.cachedReadBytesPerSecond())) : "");
        }
    }

    private static void printHeatMap(PrintWriter out, DiskProbeResult result) {
        Map<Integer, Map<Integer, DiskCell>> rows = new LinkedHashMap<>();
        Map<Integer, Boolean> columns = new LinkedHashMap<>();
        for (DiskCell cell : result.cells()) {
            rows.computeIfAbsent(cell.threads(), t -> new LinkedHashMap<>()).put(cell.blockSizeBytes(), cell);
            columns.put(cell.blockSizeBytes(), true);
        }
        double max = result.ceilingBytesPerSecond();
        out.println("write MB/s by threads (rows) and block size (columns); darker is faster");
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%7s ", ""));
        for (int block : columns.keySet()) {
            header.append(String.format(Locale.ROOT, " %11s", ByteSize.format(block)));
        }
        out.println(header);
        for (Map.Entry<Integer, Map<Integer, DiskCell>> row : rows.entrySet()) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%7s ", row.getKey() + " thr"));
            for (int block : columns.keySet()) {
                DiskCell cell = row.getValue().get(block);
                line.append(cell == null ? String.format(Locale.ROOT, " %11s", "-") : " " + shade(cell.writeBytesPerSecond(), max)
                        + String.format(Locale.ROOT, "%9.1f", cell.writeBytesPerSecond() / 1e6));
            }
            out.println(line);
        }
    }

    /** Shade of a cell: five levels of its share of the best cell. */
    static String shade(double value, double max) {
        if (!(max > 0)) {
            return SHADES[0];
        }
        int level = (int) Math.min(SHADES.length - 1, Math.floor(value / max * SHADES.length));
        return SHADES[Math.max(0, level)];
    }

    private static String rate(Double bytesPerSecond) {
        return bytesPerSecond == null ? "-" : ByteSize.formatRate(bytesPerSecond);
    }

    public static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    }
}
