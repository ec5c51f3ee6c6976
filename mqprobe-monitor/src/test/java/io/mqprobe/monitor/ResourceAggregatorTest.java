package io.mqprobe.monitor;

import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@Timeout(10)
class ResourceAggregatorTest {

    @Test
    void should_summarize_mean_peak_and_latest_capacity_inside_the_window_only() {
        ResourceAggregator aggregator = new ResourceAggregator();
        aggregator.accept(new ResourceSample(1_000, "broker-1", Metric.CPU_CORES, 9.0, 2.0));   // warm-up, outside
        aggregator.accept(new ResourceSample(2_000, "broker-1", Metric.CPU_CORES, 1.0, 2.0));
        aggregator.accept(new ResourceSample(3_000, "broker-1", Metric.CPU_CORES, 1.5, 4.0));
        aggregator.accept(new ResourceSample(4_000, "broker-1", Metric.CPU_CORES, 0.5, 4.0));
        aggregator.accept(ResourceSample.of(3_000, "broker-1", Metric.BYTES_IN_BPS, Double.NaN));
        aggregator.accept(ResourceSample.of(3_000, "host", Metric.NET_RX_BPS, 100.0));
        aggregator.accept(new ResourceSample(5_000, "broker-1", Metric.CPU_CORES, 7.0, 2.0));   // after, outside

        List<ResourceUsage> stats = aggregator.summarize(2_000, 4_000);

        assertThat(stats).extracting(ResourceUsage::source, ResourceUsage::metric)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("broker-1", Metric.CPU_CORES),
                        org.assertj.core.groups.Tuple.tuple("host", Metric.NET_RX_BPS));
        ResourceUsage cpu = stats.get(0);
        assertThat(cpu.mean()).isCloseTo(1.0, within(1e-9));
        assertThat(cpu.peak()).isEqualTo(1.5);
        assertThat(cpu.capacity()).hasValue(4.0);
        assertThat(cpu.peakPct().orElseThrow()).isCloseTo(37.5, within(1e-9));
        assertThat(stats.get(1).capacity()).isEmpty();
        assertThat(aggregator.samples()).hasSize(7);
    }

    @Test
    void should_keep_every_sample_added_from_many_threads() throws InterruptedException {
        ResourceAggregator aggregator = new ResourceAggregator();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            String source = "broker-" + t;
            Thread thread = new Thread(() -> IntStream.range(0, 5_000)
                    .forEach(i -> aggregator.accept(ResourceSample.of(i, source, Metric.CPU_CORES, i))));
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(aggregator.samples()).hasSize(20_000);
        assertThat(aggregator.summarize(0, 4_999)).hasSize(4)
                .allSatisfy(s -> assertThat(s.mean()).isCloseTo(2_499.5, within(1e-9)));
    }
}
