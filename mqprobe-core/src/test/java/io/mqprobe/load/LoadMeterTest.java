package io.mqprobe.load;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.WindowTotals;
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

    @Test
    void should_not_show_a_second_without_acknowledgements_as_zero_latency() {
        SendStats stats = new SendStats();
        LoadMeter meter = new LoadMeter(stats, null, "s", 0, 0);
        ack(stats, 100, 1_000);
        meter.tick(1000, true);
        stats.onSent(0);                                // sent, then the broker froze: nothing acknowledged
        stats.oldestInFlight(() -> 1_500_000);

        IntervalRow stalled = meter.tick(2000, true);

        assertThat(stalled.ackedPerSecond()).isZero();
        assertThat(stalled.p99Us()).isEqualTo(1_500_000);
        assertThat(stalled.maxUs()).isEqualTo(1_500_000);
    }

    @Test
    void should_divide_a_count_bounded_run_by_its_real_duration_not_whole_seconds() {
        SendStats stats = new SendStats();
        LoadMeter meter = new LoadMeter(stats, null, "s", 0, 0);
        stats.onStarted(200_000);                        // epoch µs: producers ready 0.2 s after the step began
        for (int second = 1; second <= 17; second++) {
            int n = second == 17 ? 50_000 : 100_000;    // the last 50,000 are acknowledged by 16.5 s
            for (int i = 0; i < n; i++) {
                stats.onSent(0);
                stats.onAcked(10, 1_000, 1_000, (second - 1) * 1_000_000L + (long) (i + 1) * (second == 17 ? 10 : 10));
            }
            meter.tick(second * 1000L, true);
        }
        meter.tick(17_050, true);                       // the loop noticed the end 50 ms later

        WindowTotals w = meter.window();
        assertThat(w.records()).isEqualTo(1_650_000);
        assertThat(w.seconds()).isEqualTo(16.3);        // 0.2 s .. 16.5 s
        assertThat(w.recordsPerSecond()).isCloseTo(1_650_000 / 16.3, org.assertj.core.data.Offset.offset(1.0));
    }

    @Test
    void should_not_cut_the_window_by_a_wall_clock_step_in_the_producers_stamps() {
        SendStats stats = new SendStats();
        LoadMeter meter = new LoadMeter(stats, null, "s", 0, 100_000);
        stats.onStarted(100_000_000);
        for (int second = 1; second <= 20; second++) {
            // 15 s in the wall clock is stepped 11 s back: the producers' stamps follow it, the ticks (StepLoop) do not
            long stampUs = (100_000L + second * 1000L - 500) * 1000 - (second > 15 ? 11_000_000 : 0);
            for (int i = 0; i < 1_000; i++) {
                stats.onSent(0);
                stats.onAcked(10, 1_000, 1_000, stampUs);
            }
            meter.tick(100_000 + second * 1000L, true);
        }

        WindowTotals w = meter.window();
        // the latest stamp, 114.5 s (the last before the step), would have divided 20,000 records by 14.5 s: 1,379/s
        assertThat(w.seconds()).isEqualTo(20.0);
        assertThat(w.recordsPerSecond()).isEqualTo(1_000);
    }

    private static void ack(SendStats stats, int n, long latencyUs) {
        for (int i = 0; i < n; i++) {
            stats.onSent(0);
            stats.onAcked(10, latencyUs, latencyUs, 0);
        }
    }
}
