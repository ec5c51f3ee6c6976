package io.mqprobe.load;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.stats.SendStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class StepLoopTest {

    @Test
    void should_keep_the_tick_due_at_the_end_of_the_warm_up_out_of_the_measured_window() {
        long startMs = System.currentTimeMillis();
        LoadMeter meter = new LoadMeter(new SendStats(), null, "s", 0, startMs);
        long doneNs = System.nanoTime() + 2_500_000_000L;
        List<IntervalRow> rows = new ArrayList<>();

        StepLoop.run(meter, startMs, Duration.ofSeconds(1), () -> System.nanoTime() > doneNs, new RunControl(), rows::add);

        // ticks due at 1 s (the warm-up's end), at 2 s, and the partial one at 2.5 s when the load ended; the first ran a
        // few microseconds after the warm-up's end and was once measured, a second of warm-up in every paced step
        assertThat(rows).extracting(IntervalRow::phase)
                .containsExactly(IntervalRow.WARMUP, IntervalRow.MEASURE, IntervalRow.MEASURE);
        assertThat(rows.get(2).epochMs() - rows.get(0).epochMs()).isBetween(1_400L, 1_700L);
    }
}
