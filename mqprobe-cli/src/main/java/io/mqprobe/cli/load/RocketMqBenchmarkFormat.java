package io.mqprobe.cli.load;

import io.mqprobe.load.IntervalRow;
import io.mqprobe.load.WindowTotals;
import io.mqprobe.stats.LatencySummary;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Prints the lines of RocketMQ's stock benchmark producer ({@code benchmark/producer.sh}): every 10 s
 * {@code Current Time: … Send TPS: … Max RT(ms): … Average RT(ms): … Send Failed: … Response Failed: …},
 * then its {@code [Complete]} line, so scripts that parse it keep working. As in that tool, TPS and the average
 * are over the last 10 s, the max and the failure counts since the start, and RT is from the actual send.
 * Per-second rows do not tell a client failure from a broker's answer, so the 10 s lines count every failure
 * under Send Failed; the final line splits them (Response Failed = the broker refused).
 */
public final class RocketMqBenchmarkFormat implements Consumer<IntervalRow> {

    private static final long WINDOW_MS = 10_000;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS", Locale.ROOT)
            .withZone(ZoneId.systemDefault());
    private static final String BROKER_REFUSED = "MQBrokerException";

    private final PrintWriter out;
    private long windowStartMs = -1;
    private long lastTickMs;
    private double acked;
    private double serviceSumMs;
    private double maxRtMs;
    private long failed;

    public RocketMqBenchmarkFormat(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void accept(IntervalRow row) {
        if (windowStartMs < 0) {
            windowStartMs = row.epochMs() - 1000;
            lastTickMs = windowStartMs;
        }
        double n = row.ackedPerSecond() * (row.epochMs() - lastTickMs) / 1000.0;
        lastTickMs = row.epochMs();
        acked += n;
        serviceSumMs += n * row.serviceMeanUs() / 1000.0;
        maxRtMs = Math.max(maxRtMs, row.serviceMaxUs() / 1000.0);
        failed += row.errors();
        if (row.epochMs() - windowStartMs >= WINDOW_MS) {
            double seconds = (row.epochMs() - windowStartMs) / 1000.0;
            out.printf(Locale.ROOT, "Current Time: %s Send TPS: %d Max RT(ms): %d Average RT(ms): %7.3f Send Failed: %d Response Failed: %d%n",
                    TIME.format(Instant.ofEpochMilli(row.epochMs())), (long) (acked / seconds), (long) maxRtMs,
                    acked == 0 ? 0.0 : serviceSumMs / acked, failed, 0);
            out.flush();
            windowStartMs = row.epochMs();
            acked = 0;
            serviceSumMs = 0;
        }
    }

    /** The final line, over the measured window. */
    public void printTotals(WindowTotals window) {
        LatencySummary rt = window.serviceLatencyUs();
        // failures are counted by exception class: the broker's refusals arrive as MQBrokerException
        long refused = window.errors().getOrDefault(BROKER_REFUSED, 0L);
        long allFailed = window.errors().values().stream().mapToLong(Long::longValue).sum();
        out.printf(Locale.ROOT, "[Complete] Send Total: %d Send TPS: %d Max RT(ms): %d Average RT(ms): %7.3f Send Failed: %d Response Failed: %d%n",
                window.records() + allFailed, (long) (window.records() / window.seconds()), (long) (rt.max() / 1000),
                rt.mean() / 1000, allFailed - refused, refused);
        out.flush();
    }
}
