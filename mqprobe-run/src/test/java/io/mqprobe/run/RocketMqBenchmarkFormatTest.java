package io.mqprobe.run;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.WindowTotals;
import io.mqprobe.api.stats.Estimate;
import io.mqprobe.api.stats.LatencySummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The stock RocketMQ benchmark producer's lines, from synthetic seconds of load. */
@Timeout(10)
class RocketMqBenchmarkFormatTest {

    /** The stock tool's printf patterns, as regular expressions. */
    private static final String CURRENT = "Current Time: \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3} Send TPS: (\\d+) "
            + "Max RT\\(ms\\): (\\d+) Average RT\\(ms\\): +(\\d+\\.\\d{3}) Send Failed: (\\d+) Response Failed: (\\d+)";
    private static final String COMPLETE = "\\[Complete] Send Total: (\\d+) Send TPS: (\\d+) Max RT\\(ms\\): (\\d+) "
            + "Average RT\\(ms\\): +(\\d+\\.\\d{3}) Send Failed: (\\d+) Response Failed: (\\d+)";

    private static final String CONSUMER = "Current Time: \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3} TPS: (\\d+) FAIL: (\\d+) "
            + "AVG\\(B2C\\) RT\\(ms\\): +(\\d+\\.\\d{3}) AVG\\(S2C\\) RT\\(ms\\): +(\\d+\\.\\d{3}) MAX\\(B2C\\) RT\\(ms\\): (\\d+) "
            + "MAX\\(S2C\\) RT\\(ms\\): (\\d+)";

    private static IntervalRow consumedSecond(long epochMs, double consumed, double e2eMeanUs, double e2eMaxUs) {
        return new IntervalRow(epochMs, "consume", 0, IntervalRow.MEASURE, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                consumed, e2eMaxUs, e2eMeanUs, e2eMaxUs);
    }

    private static IntervalRow second(long epochMs, double acked, double serviceMeanUs, double serviceMaxUs, long errors) {
        return new IntervalRow(epochMs, "produce", 0, IntervalRow.MEASURE, acked, acked, acked * 500, 0, 0, 0,
                serviceMeanUs, serviceMaxUs, errors, null, null, null, null);
    }

    @Test
    void should_print_a_line_every_ten_seconds_with_the_window_tps_and_the_running_max() {
        StringWriter text = new StringWriter();
        RocketMqBenchmarkFormat format = RocketMqBenchmarkFormat.producer(new PrintWriter(text));

        for (int s = 1; s <= 25; s++) {
            // 2000 msg/s at 3 ms for the first 10 s, then 4000 msg/s at 1.5 ms; one 40 ms outlier in second 4
            format.accept(second(1_000_000L + s * 1000L, s <= 10 ? 2000 : 4000, s <= 10 ? 3000 : 1500,
                    s == 4 ? 40_000 : 5000, s == 12 ? 3 : 0));
        }

        String[] lines = text.toString().split("\n");
        assertThat(lines).hasSize(2).allSatisfy(l -> assertThat(l).matches(CURRENT));
        assertThat(lines[0]).contains("Send TPS: 2000 ", "Max RT(ms): 40 ", "Average RT(ms):   3.000", "Send Failed: 0 ");
        assertThat(lines[1]).contains("Send TPS: 4000 ", "Max RT(ms): 40 ", "Average RT(ms):   1.500", "Send Failed: 3 ");
    }

    @Test
    void should_close_with_the_complete_line_splitting_client_failures_from_broker_refusals() {
        StringWriter text = new StringWriter();
        RocketMqBenchmarkFormat format = RocketMqBenchmarkFormat.producer(new PrintWriter(text));
        LatencySummary rt = new LatencySummary(2000, 4000, 6800, 9000, 12_400, 2_345, 160_000);
        WindowTotals window = new WindowTotals(0, 10_000, 160_000, 80_000_000, Map.of("MQBrokerException", 5L,
                "RemotingTimeoutException", 2L), rt, rt, rt, 0, 0, null, 0, Estimate.exact(16_000), Estimate.exact(6800));

        format.printTotals(window);

        assertThat(text.toString().trim()).matches(COMPLETE)
                .isEqualTo("[Complete] Send Total: 160007 Send TPS: 16000 Max RT(ms): 12 Average RT(ms):   2.345 "
                        + "Send Failed: 2 Response Failed: 5");
    }

    @Test
    void should_print_the_consumer_lines_with_the_window_tps_weighted_average_and_running_max() {
        StringWriter text = new StringWriter();
        RocketMqBenchmarkFormat format = RocketMqBenchmarkFormat.consumer(new PrintWriter(text));

        for (int s = 1; s <= 20; s++) {
            // first window: 9 s at 1000 msg/s and 2 ms, one second at 10000 msg/s and 13 ms (a catch-up burst);
            // second window: idle (nothing consumed)
            boolean burst = s == 10;
            format.accept(consumedSecond(2_000_000L + s * 1000L, s > 10 ? 0 : burst ? 10_000 : 1000,
                    burst ? 13_000 : 2000, burst ? 250_000 : 4000));
        }

        String[] lines = text.toString().split("\n");
        assertThat(lines).hasSize(2).allSatisfy(l -> assertThat(l).matches(CONSUMER));
        // (9 × 1000 × 2 ms + 10000 × 13 ms) / 19000 = 7.789 ms
        assertThat(lines[0]).contains("TPS: 1900 ", "FAIL: 0 ", "AVG(B2C) RT(ms):   7.789 ", "AVG(S2C) RT(ms):   7.789 ",
                "MAX(B2C) RT(ms): 250 ", "MAX(S2C) RT(ms): 250");
        assertThat(lines[1]).contains("TPS: 0 ", "AVG(B2C) RT(ms):   0.000 ", "MAX(B2C) RT(ms): 250 ");
    }

    @Test
    void should_print_no_consumer_line_before_ten_seconds() {
        StringWriter text = new StringWriter();
        RocketMqBenchmarkFormat format = RocketMqBenchmarkFormat.consumer(new PrintWriter(text));

        for (int s = 1; s <= 9; s++) {
            format.accept(consumedSecond(3_000_000L + s * 1000L, 500, 1000, 2000));
        }

        assertThat(text.toString()).isEmpty();
    }
}
