package io.mqprobe.chaos;

import io.mqprobe.api.PartitionInfo;
import io.mqprobe.result.IntervalRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The per-fault measurements on synthetic seconds and cluster samples. */
@Timeout(10)
class FaultTimelineTest {

    private static final long T0 = 1_000_000;

    /** One row per second from T0+1s; acked rate per second as given, errors where negative. */
    private static List<IntervalRow> rows(double... acked) {
        List<IntervalRow> out = new ArrayList<>();
        for (int i = 0; i < acked.length; i++) {
            double a = Math.max(0, acked[i]);
            out.add(new IntervalRow(T0 + (i + 1) * 1000L, "chaos", 0, IntervalRow.MEASURE, a, a, a * 1024, 1000, 1000,
                    1000, 1000, 1000, acked[i] < 0 ? 5 : 0, a, 2000.0, 1000.0, 2500.0));
        }
        return out;
    }

    private static ClusterWatch.Sample sample(long atMs, int leader, int isr) {
        List<Integer> replicas = List.of(1, 2, 3);
        return new ClusterWatch.Sample(T0 + atMs, List.of(new PartitionInfo("t", 0, leader, replicas, replicas.subList(0, isr))));
    }

    @Test
    void should_measure_the_unavailability_from_the_first_stalled_second_to_the_first_good_one() {
        // fault at 2 s; seconds 4, 5, 6 acknowledge nothing, 7 fails sends, 8 is good again
        FaultTimeline t = new FaultTimeline(T0 + 2_000, T0 + 12_000, rows(100, 100, 100, 0, 0, 0, -1, 100, 100, 100));

        long[] gap = t.unavailability();
        assertThat(gap).containsExactly(1_000, 4_000);
        assertThat(t.lowestAckedPerSecond()).hasValue(0);
        assertThat(t.consumerStallMs()).isEqualTo(4_000);
        assertThat(t.recoveredAfterMs(100)).isEqualTo(6_000);
        assertThat(t.errors()).isEqualTo(5);
    }

    @Test
    void should_report_no_unavailability_when_every_second_acknowledged() {
        FaultTimeline t = new FaultTimeline(T0 + 2_000, T0 + 10_000, rows(100, 100, 100, 95, 100, 100, 100, 100));

        assertThat(t.unavailability()).isNull();
        assertThat(t.recoveredAfterMs(100)).isZero();
    }

    @Test
    void should_time_the_new_leader_and_the_return_to_full_isr() {
        List<ClusterWatch.Sample> samples = List.of(sample(0, 2, 3), sample(1_000, 2, 3), sample(9_000, -1, 2),
                sample(11_000, 1, 2), sample(20_000, 1, 2), sample(30_000, 1, 3));

        assertThat(FaultTimeline.newLeaderAfterMs(samples, List.of(2), T0 + 2_000, T0 + 40_000)).isEqualTo(9_000);
        assertThat(FaultTimeline.fullIsrAfterMs(samples, T0 + 2_000)).isEqualTo(28_000);
        // a broker that led nothing needs no new leader
        assertThat(FaultTimeline.newLeaderAfterMs(samples, List.of(3), T0 + 2_000, T0 + 40_000)).isNull();
    }

    @Test
    void should_leave_full_isr_open_when_it_never_came_back() {
        List<ClusterWatch.Sample> samples = List.of(sample(0, 2, 3), sample(5_000, 1, 2), sample(9_000, 1, 2));

        assertThat(FaultTimeline.fullIsrAfterMs(samples, T0 + 2_000)).isNull();
    }
}
