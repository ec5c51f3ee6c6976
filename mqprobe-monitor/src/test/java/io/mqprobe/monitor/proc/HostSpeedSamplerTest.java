package io.mqprobe.monitor.proc;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@Timeout(10)
class HostSpeedSamplerTest {

    private static final double SAMPLE_MB = HostSpeedSampler.BLOCKS_PER_SAMPLE * HostSpeedSampler.BLOCK_BYTES / 1e6;
    private static final int COPY_BYTES = 4 << 20;

    @Test
    void should_report_the_work_per_second_of_cpu_time_and_follow_a_core_that_slows_down() {
        AtomicLong cpuNs = new AtomicLong();
        AtomicLong nsPerBlock = new AtomicLong(50_000);
        HostSpeedSampler sampler = new HostSpeedSampler(cpuNs::get, () -> cpuNs.addAndGet(nsPerBlock.get()),
                () -> cpuNs.addAndGet(1_000_000), COPY_BYTES);

        List<ResourceSample> fast = sampler.sample(1_000);
        nsPerBlock.set(65_000);   // the same work now takes 30 % more of the core's time
        List<ResourceSample> slow = sampler.sample(2_000);

        assertThat(speed(fast, Metric.CPU_SPEED_MB_PER_CPU_S)).isCloseTo(SAMPLE_MB / (HostSpeedSampler.BLOCKS_PER_SAMPLE * 50e-6), within(1e-6));
        assertThat(speed(slow, Metric.CPU_SPEED_MB_PER_CPU_S) / speed(fast, Metric.CPU_SPEED_MB_PER_CPU_S)).isCloseTo(50.0 / 65, within(1e-9));
        assertThat(fast).allSatisfy(s -> assertThat(s.source()).isEqualTo("host"));
    }

    @Test
    void should_follow_memory_that_slows_down_while_the_core_does_not() {
        AtomicLong cpuNs = new AtomicLong();
        AtomicLong nsPerCopy = new AtomicLong(1_000_000);
        HostSpeedSampler sampler = new HostSpeedSampler(cpuNs::get, () -> cpuNs.addAndGet(50_000),
                () -> cpuNs.addAndGet(nsPerCopy.get()), COPY_BYTES);

        List<ResourceSample> before = sampler.sample(1_000);
        nsPerCopy.set(2_000_000);   // other guests' memory traffic halves what a copy gets through
        List<ResourceSample> after = sampler.sample(2_000);

        assertThat(speed(before, Metric.MEM_SPEED_MB_PER_CPU_S)).isCloseTo(COPY_BYTES / 1e6 / 1e-3, within(1e-6));
        assertThat(speed(after, Metric.MEM_SPEED_MB_PER_CPU_S) / speed(before, Metric.MEM_SPEED_MB_PER_CPU_S)).isCloseTo(0.5, within(1e-9));
        assertThat(speed(after, Metric.CPU_SPEED_MB_PER_CPU_S)).isEqualTo(speed(before, Metric.CPU_SPEED_MB_PER_CPU_S));
    }

    @Test
    void should_hash_and_copy_their_warm_up_before_the_first_figure_and_only_then() {
        AtomicLong blocks = new AtomicLong();
        AtomicLong copies = new AtomicLong();
        HostSpeedSampler sampler = new HostSpeedSampler(() -> (blocks.get() + copies.get()) * 1000, blocks::incrementAndGet,
                copies::incrementAndGet, COPY_BYTES);

        sampler.sample(1_000);
        long first = blocks.get();
        sampler.sample(2_000);

        assertThat(first).isEqualTo((HostSpeedSampler.WARMUP_SAMPLES + 1L) * HostSpeedSampler.BLOCKS_PER_SAMPLE);
        assertThat(blocks.get() - first).isEqualTo(HostSpeedSampler.BLOCKS_PER_SAMPLE);
        assertThat(copies.get()).isEqualTo(3);   // the first touches the buffers, then one per sample
    }

    @Test
    void should_give_no_figure_when_the_cpu_clock_did_not_move() {
        HostSpeedSampler sampler = new HostSpeedSampler(() -> -1, () -> { }, () -> { }, COPY_BYTES);

        assertThat(sampler.sample(1_000)).isEmpty();
    }

    @Test
    void should_measure_this_machine_in_a_plausible_range() {
        List<ResourceSample> sample = new HostSpeedSampler().sample(1_000);

        // SHA-256 runs at tens of MB/s interpreted and up to a few GB/s per core with SHA instructions; a copy from
        // memory to memory at hundreds of MB/s on the slowest machine and tens of GB/s on the fastest
        assertThat(speed(sample, Metric.CPU_SPEED_MB_PER_CPU_S)).isBetween(20.0, 20_000.0);
        assertThat(speed(sample, Metric.MEM_SPEED_MB_PER_CPU_S)).isBetween(200.0, 200_000.0);
    }

    private static double speed(List<ResourceSample> samples, String metric) {
        return samples.stream().filter(s -> s.metric().equals(metric)).findFirst().orElseThrow().value();
    }
}
