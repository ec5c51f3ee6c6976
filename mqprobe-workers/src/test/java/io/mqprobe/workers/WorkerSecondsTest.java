package io.mqprobe.workers;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.stats.LatencyHistograms;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class WorkerSecondsTest {

    private static WorkerProtocol.Snapshot second(long epochMs, long cpuNanos, long acked, long failed) {
        return new WorkerProtocol.Snapshot(epochMs, acked, acked, acked * 100, failed, Map.of(), "", "", "", 0, 0, 0, 0,
                acked, false, cpuNanos, 2);
    }

    private static Histogram delays(long... us) {
        Histogram h = LatencyHistograms.newHistogram();
        for (long v : us) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void should_turn_a_workers_seconds_inside_the_window_into_its_cpu_rate_send_delay_and_failures() {
        WorkerSeconds seconds = new WorkerSeconds("client:local-1");
        seconds.add(second(0, 0, 0, 0), delays(50_000));              // before the window: warm-up
        seconds.add(second(1_000, 200_000_000L, 1_000, 0), delays(10));
        seconds.add(second(2_000, 700_000_000L, 2_000, 1), delays(20));
        seconds.add(second(3_000, 1_700_000_000L, 4_000, 3), delays(30, 40));

        List<ResourceUsage> usage = seconds.usage(1_000, 3_000);

        ResourceUsage cpu = usage.stream().filter(u -> u.metric().equals(Metric.CPU_CORES)).findFirst().orElseThrow();
        assertThat(cpu.source()).isEqualTo("client:local-1");
        assertThat(cpu.mean()).isCloseTo(0.75, within(1e-9));        // 1.5 s of CPU over 2 s
        assertThat(cpu.peak()).isCloseTo(1.0, within(1e-9));
        assertThat(cpu.capacity()).hasValue(2);
        ResourceUsage acked = usage.stream().filter(u -> u.metric().equals(Metric.ACKED_PER_S)).findFirst().orElseThrow();
        assertThat(acked.mean()).isCloseTo(1_500, within(1e-9));
        assertThat(acked.peak()).isCloseTo(2_000, within(1e-9));
        ResourceUsage delay = usage.stream().filter(u -> u.metric().equals(Metric.SEND_DELAY_P99_US)).findFirst().orElseThrow();
        assertThat(delay.peak()).as("the warm-up's 50 ms is outside the window").isLessThan(1_000);
        ResourceUsage failed = usage.stream().filter(u -> u.metric().equals(Metric.FAILED_SENDS)).findFirst().orElseThrow();
        assertThat(failed.mean()).isEqualTo(3);
        assertThat(seconds.usage(2_500, 3_000)).as("one second is no rate").isEmpty();
    }

    private static WorkerProtocol.ConsumerSnapshot read(long epochMs, long cpuNanos, long records) {
        return new WorkerProtocol.ConsumerSnapshot(epochMs, records, records * 100, "", false, 0, 0, 0, cpuNanos, 1);
    }

    @Test
    void should_turn_a_consumer_workers_seconds_into_its_cpu_and_what_it_read() {
        WorkerSeconds seconds = new WorkerSeconds("client:local-2");
        seconds.add(read(0, 0, 0));
        seconds.add(read(1_000, 300_000_000L, 5_000));
        seconds.add(read(2_000, 1_200_000_000L, 15_000));

        List<ResourceUsage> usage = seconds.usage(0, 2_000);

        assertThat(usage).extracting(ResourceUsage::metric).containsExactly(Metric.CPU_CORES, Metric.CONSUMED_PER_S);
        assertThat(usage.get(0).mean()).isCloseTo(0.6, within(1e-9));
        assertThat(usage.get(0).peak()).isCloseTo(0.9, within(1e-9));
        assertThat(usage.get(0).capacity()).hasValue(1);
        assertThat(usage.get(1).mean()).isCloseTo(7_500, within(1e-9));
        assertThat(usage.get(1).peak()).isCloseTo(10_000, within(1e-9));
    }
}
