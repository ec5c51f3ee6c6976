package io.mqprobe.load;

import io.mqprobe.result.WindowTotals;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.stats.SendStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(5)
class WindowTotalsTest {

    @Test
    void should_publish_the_send_delay_the_bottleneck_finder_reads() {
        SendStats stats = new SendStats();
        LoadMeter meter = new LoadMeter(stats, null, "s", 0, 0);
        for (int i = 0; i < 100; i++) {
            stats.onSent(i < 98 ? 100 : 40_000);            // the client fell 40 ms behind its schedule
            stats.onAcked(10, 1_000, 1_000, 0);
        }
        meter.tick(1000, true);

        WindowTotals w = meter.window();

        assertThat(w.loadGeneratorUsage()).singleElement().satisfies(u -> {
            assertThat(u.source()).isEqualTo("client");
            assertThat(u.metric()).isEqualTo(Metric.SEND_DELAY_P99_US);
            assertThat(u.mean()).isBetween(39_000.0, 41_000.0);
        });
    }

    @Test
    void should_publish_nothing_without_producers() {
        LoadMeter meter = new LoadMeter(null, new io.mqprobe.stats.ConsumeStats(), "s", 0, 0);
        meter.tick(1000, true);
        assertThat(meter.window().loadGeneratorUsage()).isEmpty();
    }
}
