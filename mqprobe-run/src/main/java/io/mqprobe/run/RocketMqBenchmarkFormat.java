package io.mqprobe.run;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.WindowTotals;
import io.mqprobe.api.stats.LatencySummary;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Prints the lines of RocketMQ's stock benchmark tools from the per-second progress rows, so scripts that parse
 * them keep working: every 10 s a {@code Current Time: …} line, as in those tools with the window's TPS and average
 * and the maximum and failure counts since the start.
 * <p>
 * Producer ({@code benchmark/producer.sh}): {@code … Send TPS: … Max RT(ms): … Average RT(ms): … Send Failed: …
 * Response Failed: …}, RT from the actual send, then its {@code [Complete]} line. Per-second rows do not tell a
 * client failure from a broker's answer, so the 10 s lines count every failure under Send Failed; the final line
 * splits them (Response Failed = the broker refused).
 * <p>
 * Consumer ({@code benchmark/consumer.sh}): {@code … TPS: … FAIL: … AVG(B2C) RT(ms): … AVG(S2C) RT(ms): …
 * MAX(B2C) RT(ms): … MAX(S2C) RT(ms): …}. B2C (born to consume) is mqprobe's end-to-end latency from the send
 * time stamped in each message. mqprobe does not read the broker's store time, so the S2C columns repeat B2C:
 * an upper bound of store-to-consume (a message is stored after it is born), never a lower figure than the real
 * one. FAIL counts redelivery requests; mqprobe's consumers ask for one only while shutting down, so it stays 0.
 */
public final class RocketMqBenchmarkFormat implements Consumer<IntervalRow> {

    private static final long WINDOW_MS = 10_000;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS", Locale.ROOT)
            .withZone(ZoneId.systemDefault());
    private static final String BROKER_REFUSED = "MQBrokerException";

    private final PrintWriter out;
    private final boolean consumer;
    private long windowStartMs = -1;
    private long lastTickMs;
    private double acked;
    private double serviceSumMs;
    private double maxRtMs;
    private long failed;

    private double consumed;
    private double e2eSumMs;
    private double e2eMaxMs;

    private RocketMqBenchmarkFormat(PrintWriter out, boolean consumer) {
        this.out = out;
        this.consumer = consumer;
    }

    /** The benchmark producer's lines. */
    public static RocketMqBenchmarkFormat producer(PrintWriter out) {
        return new RocketMqBenchmarkFormat(out, false);
    }

    /** The benchmark consumer's lines. */
    public static RocketMqBenchmarkFormat consumer(PrintWriter out) {
        return new RocketMqBenchmarkFormat(out, true);
    }

    @Override
    public void accept(IntervalRow row) {
        if (windowStartMs < 0) {
            windowStartMs = row.epochMs() - 1000;
            lastTickMs = windowStartMs;
        }
        double tickSeconds = (row.epochMs() - lastTickMs) / 1000.0;
        lastTickMs = row.epochMs();
        double n = row.ackedPerSecond() * tickSeconds;
        acked += n;
        serviceSumMs += n * row.serviceMeanUs() / 1000.0;
        maxRtMs = Math.max(maxRtMs, row.serviceMaxUs() / 1000.0);
        failed += row.errors();
        if (row.consumedPerSecond() != null) {
            double m = row.consumedPerSecond() * tickSeconds;
            consumed += m;
            e2eSumMs += row.e2eMeanUs() == null ? 0 : m * row.e2eMeanUs() / 1000.0;
            e2eMaxMs = Math.max(e2eMaxMs, row.e2eMaxUs() == null ? 0 : row.e2eMaxUs() / 1000.0);
        }
        if (row.epochMs() - windowStartMs >= WINDOW_MS) {
            double seconds = (row.epochMs() - windowStartMs) / 1000.0;
            String now = TIME.format(Instant.ofEpochMilli(row.epochMs()));
            if (consumer) {
                double avgMs = consumed == 0 ? 0.0 : e2eSumMs / consumed;
                out.printf(Locale.ROOT, "Current Time: %s TPS: %d FAIL: %d AVG(B2C) RT(ms): %7.3f AVG(S2C) RT(ms): %7.3f "
                        + "MAX(B2C) RT(ms): %d MAX(S2C) RT(ms): %d%n", now, (long) (consumed / seconds), 0, avgMs, avgMs,
                        (long) e2eMaxMs, (long) e2eMaxMs);
            } else {
                out.printf(Locale.ROOT, "Current Time: %s Send TPS: %d Max RT(ms): %d Average RT(ms): %7.3f Send Failed: %d Response Failed: %d%n",
                        now, (long) (acked / seconds), (long) maxRtMs, acked == 0 ? 0.0 : serviceSumMs / acked, failed, 0);
            }
            out.flush();
            windowStartMs = row.epochMs();
            acked = 0;
            serviceSumMs = 0;
            consumed = 0;
            e2eSumMs = 0;
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
