package io.mqprobe.run;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.WindowTotals;
import io.mqprobe.api.stats.LatencySummary;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Prints kafka-producer-perf-test's lines (a window every 5 s, then the totals) so scripts written
 * for it keep working. Latencies are from the actual send, as that tool measures them.
 */
public final class PerfTestFormat implements Consumer<IntervalRow> {

    private static final long WINDOW_MS = 5000;

    private final PrintWriter out;
    private final int recordSizeBytes;
    private long windowStartMs = -1;
    private double records;
    private double latencySumMs;
    private double maxLatencyMs;
    private long lastTickMs;

    public PerfTestFormat(PrintWriter out, int recordSizeBytes) {
        this.out = out;
        this.recordSizeBytes = recordSizeBytes;
    }

    @Override
    public void accept(IntervalRow row) {
        if (windowStartMs < 0) {
            windowStartMs = row.epochMs() - 1000;
            lastTickMs = windowStartMs;
        }
        double n = row.ackedPerSecond() * (row.epochMs() - lastTickMs) / 1000.0;
        lastTickMs = row.epochMs();
        records += n;
        latencySumMs += n * row.serviceMeanUs() / 1000.0;
        maxLatencyMs = Math.max(maxLatencyMs, row.serviceMaxUs() / 1000.0);
        if (row.epochMs() - windowStartMs >= WINDOW_MS) {
            double seconds = (row.epochMs() - windowStartMs) / 1000.0;
            out.printf(Locale.ROOT, "%d records sent, %.1f records/sec (%.2f MB/sec), %.1f ms avg latency, %.1f ms max latency.%n",
                    Math.round(records), records / seconds, records * recordSizeBytes / seconds / (1024 * 1024),
                    records == 0 ? 0 : latencySumMs / records, maxLatencyMs);
            out.flush();
            windowStartMs = row.epochMs();
            records = 0;
            latencySumMs = 0;
            maxLatencyMs = 0;
        }
    }

    /** The final line, over the measured window. */
    public void printTotals(WindowTotals window) {
        LatencySummary l = window.serviceLatencyUs();
        out.printf(Locale.ROOT, "%d records sent, %f records/sec (%.2f MB/sec), %.2f ms avg latency, %.2f ms max latency, "
                        + "%d ms 50th, %d ms 95th, %d ms 99th, %d ms 99.9th.%n",
                window.records(), window.recordsPerSecond(), window.bytesPerSecond() / (1024 * 1024), l.mean() / 1000,
                l.max() / 1000, (long) (l.p50() / 1000), (long) (l.p95() / 1000), (long) (l.p99() / 1000),
                (long) (l.p999() / 1000));
        out.flush();
    }
}
