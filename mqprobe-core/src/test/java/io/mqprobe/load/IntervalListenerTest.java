package io.mqprobe.load;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.stats.SendStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(5)
class IntervalListenerTest {

    private record Heard(String phase, boolean sending, long acked, long histogramCount, long maxUs) {
    }

    @Test
    void should_hand_every_interval_with_its_own_histograms_and_whether_the_load_still_sent() {
        SendStats stats = new SendStats();
        List<Heard> heard = new ArrayList<>();
        LoadMeter meter = new LoadMeter(List.of(stats::snapshot), List.of(), "s", 0, 0,
                (row, sending, send, consume) -> heard.add(new Heard(row.phase(), sending, send.acked(),
                        send.service().getTotalCount(), send.service().getMaxValue())));

        stats.onAcked(10, 5_000, 4_000, 1_000_000);
        meter.tick(1000, false, true);
        stats.onAcked(10, 2_000, 1_000, 2_000_000);
        stats.onAcked(10, 2_000, 1_000, 2_000_000);
        meter.tick(2000, true, true);
        meter.tick(3000, true, false);

        assertThat(heard).hasSize(3);
        assertThat(heard.get(0)).isEqualTo(new Heard(IntervalRow.WARMUP, true, 1, 1, heard.get(0).maxUs()));
        assertThat(heard.get(0).maxUs()).isBetween(3_990L, 4_010L);
        assertThat(heard.get(1).phase()).isEqualTo(IntervalRow.MEASURE);
        assertThat(heard.get(1).acked()).as("cumulative").isEqualTo(3);
        assertThat(heard.get(1).histogramCount()).as("this interval's values only").isEqualTo(2);
        assertThat(heard.get(2).sending()).isFalse();
        assertThat(heard.get(2).histogramCount()).isZero();
    }
}
