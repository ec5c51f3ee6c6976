package io.mqprobe.load;

import io.mqprobe.stats.SendStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(5)
class LoadMeterTest {

    @Test
    void should_exclude_warmup_ticks_from_the_window() {
        SendStats stats = new SendStats();
        LoadMeter meter = new LoadMeter(stats, null, "s", 0, 0);
        ack(stats, 500, 10_000);                       // slow warm-up second
        IntervalRow warm = meter.tick(1000, false);
        ack(stats, 100, 1_000);
        meter.tick(2000, true);
        ack(stats, 100, 1_000);
        IntervalRow last = meter.tick(3000, true);

        WindowTotals w = meter.window();
        assertThat(warm.phase()).isEqualTo(IntervalRow.WARMUP);
        assertThat(warm.ackedPerSecond()).isEqualTo(500);
        assertThat(last.phase()).isEqualTo(IntervalRow.MEASURE);
        assertThat(w.records()).isEqualTo(200);
        assertThat(w.bytes()).isEqualTo(200 * 10);
        assertThat(w.seconds()).isEqualTo(2.0);
        assertThat(w.recordsPerSecond()).isEqualTo(100);
        assertThat(w.latencyUs().max()).isLessThan(1_100);  // the 10 ms warm-up latencies are not in the window
    }

    @Test
    void should_report_an_empty_window_before_any_measured_tick() {
        LoadMeter meter = new LoadMeter(new SendStats(), null, "s", 0, 0);
        meter.tick(1000, false);
        assertThat(meter.hasMeasured()).isFalse();
        assertThat(meter.window().records()).isZero();
    }

    private static void ack(SendStats stats, int n, long latencyUs) {
        for (int i = 0; i < n; i++) {
            stats.onSent(0);
            stats.onAcked(10, latencyUs, latencyUs);
        }
    }
}
