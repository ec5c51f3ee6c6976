package io.mqprobe.ceilings.net;

import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.DataRate;
import io.mqprobe.ceilings.disk.DiskReport;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.stream.Collectors;

/** Prints a net test the way iperf3 users read it: one line per second, then sender and receiver totals. */
public final class NetReport {

    private NetReport() {
    }

    public static void header(PrintWriter out, NetClientSpec spec) {
        out.printf(Locale.ROOT, "Connected to %s: %d %s, %s after %s warm-up, %s%n", spec.address(), spec.streams(),
                spec.streams() == 1 ? "stream" : "streams", DiskReport.seconds(spec.duration().toMillis()),
                DiskReport.seconds(spec.omit().toMillis()), spec.reverse() ? "server sends (reverse)" : "client sends");
        out.printf(Locale.ROOT, "%-6s %-15s %12s %16s%n", "", "Interval", "Transfer", "Bitrate");
        out.flush();
    }

    public static void interval(PrintWriter out, NetInterval interval) {
        out.printf(Locale.ROOT, "%-6s %-15s %12s %16s%n", "[SUM]", span(interval.startMs(), interval.endMs()),
                ByteSize.format(interval.bytes()), DataRate.formatBits(interval.bytesPerSecond()));
        out.flush();
    }

    public static void totals(PrintWriter out, NetResult result) {
        out.println("- - - - - - - - - - - - - - - - - - - - - - - - - - - - - -");
        total(out, result.senderBytes(), result.senderBytesPerSecond(), "sender");
        total(out, result.receiverBytes(), result.receiverBytesPerSecond(), "receiver");
        if (result.streams() > 1) {
            out.println("received per stream: " + result.receiverBytesByStream().stream()
                    .map(ByteSize::format).collect(Collectors.joining(", ")));
        }
        out.printf(Locale.ROOT, "ceiling: %s (%s)%n", DataRate.formatBits(result.receiverBytesPerSecond()),
                ByteSize.formatRate(result.receiverBytesPerSecond()));
        out.flush();
    }

    private static void total(PrintWriter out, long bytes, double bytesPerSecond, String side) {
        double seconds = bytesPerSecond > 0 ? bytes / bytesPerSecond : 0;
        out.printf(Locale.ROOT, "%-6s %-15s %12s %16s  %s%n", "[SUM]", span(0, Math.round(seconds * 1000)),
                ByteSize.format(bytes), DataRate.formatBits(bytesPerSecond), side);
    }

    private static String span(long startMs, long endMs) {
        return String.format(Locale.ROOT, "%.2f-%.2f s", startMs / 1000.0, endMs / 1000.0);
    }
}
