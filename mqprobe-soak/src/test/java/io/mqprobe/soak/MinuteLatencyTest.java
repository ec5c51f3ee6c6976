package io.mqprobe.soak;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.LatencyHistograms;
import io.mqprobe.stats.SendStats;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A minute's percentiles are those of all its sends, not of its seconds' p99s. */
class MinuteLatencyTest {

    @Test
    void should_merge_the_seconds_of_a_minute_and_keep_minutes_apart() {
        MinuteLatency latency = new MinuteLatency(1);
        // minute 1: 59 quiet seconds and one in which every send waited 500 ms: 0.17 % of the minute's sends
        for (int s = 0; s < 60; s++) {
            tick(latency, s, s == 30 ? 500_000 : 1_000, s == 30 ? 100 : 1_000);
        }
        // minute 2: quiet
        for (int s = 60; s < 120; s++) {
            tick(latency, s, 2_000, 1_000);
        }

        // the seconds' p99s average 9.3 ms; of all the minute's sends, 99 % took 1 ms and 99.9 % under 500 ms
        assertThat(latency.of(0).p99Us()).isCloseTo(1_000, within(10.0));
        assertThat(latency.of(0).p999Us()).isCloseTo(500_000, within(1_000.0));
        assertThat(latency.of(1).p99Us()).isCloseTo(2_000, within(10.0));
        assertThat(latency.of(1).e2eP99Us()).isCloseTo(2_000, within(10.0));
        assertThat(latency.of(2)).isNull();
    }

    private static void tick(MinuteLatency latency, int second, long micros, int sends) {
        Histogram h = LatencyHistograms.newHistogram();
        h.recordValueWithCount(micros, sends);
        SendStats.Snapshot send = new SendStats.Snapshot(second * 1000L, sends, sends, sends * 1000L, 0, Map.of(), h,
                h, LatencyHistograms.newHistogram(), 0, 0, 0, 0);
        ConsumeStats.Snapshot read = new ConsumeStats.Snapshot(second * 1000L, sends, sends * 1000L, h);
        IntervalRow row = new IntervalRow(second * 1000L, "soak", 1, IntervalRow.MEASURE, sends, sends, sends * 1000.0,
                micros, micros, micros, micros, micros, 0, (double) sends, (double) micros, (double) micros, (double) micros);
        latency.onInterval(row, true, send, read);
    }
}
