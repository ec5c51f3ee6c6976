package io.mqprobe.soak;

import io.mqprobe.result.IntervalRow;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class MinuteSeriesTest {

    @Test
    void should_weigh_a_minutes_rate_by_how_long_each_row_lasted() {
        // ten full seconds at 10k/s, then the row in which the producers stopped: 5 ms at 60k/s (300 acknowledgements)
        SoakRecording recording = new SoakRecording(10);
        List<IntervalRow> rows = new ArrayList<>(recording.rows());
        IntervalRow last = rows.get(rows.size() - 1);
        long stoppedMs = last.epochMs() + 5;
        rows.add(new IntervalRow(stoppedMs, last.scenario(), last.step(), IntervalRow.MEASURE, 60_000, 60_000, 60_000 * 1000.0,
                last.p99Us(), last.meanUs(), last.maxUs(), last.serviceMeanUs(), last.serviceMaxUs(), 0, 60_000.0,
                last.e2eP99Us(), last.e2eMeanUs(), last.e2eMaxUs()));

        SoakMinute minute = MinuteSeries.of(rows, stoppedMs, null, recording.samples(),
                recording.criteria(Duration.ofSeconds(10), null)).get(0);

        // unweighted, the eleven rows read (10 × 10k + 60k) / 11 = 14.5k/s
        double expected = (10 * SoakRecording.RATE + 0.005 * 60_000) / 10.005;
        assertThat(minute.ackedPerSecond()).isCloseTo(expected, within(1.0));
        assertThat(minute.bytesPerSecond()).isCloseTo(expected * 1000, within(1000.0));
        assertThat(minute.seconds()).isEqualTo(11);
    }
}
