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
class CpuSpeedSamplerTest {

    private static final double SAMPLE_MB = CpuSpeedSampler.BLOCKS_PER_SAMPLE * CpuSpeedSampler.BLOCK_BYTES / 1e6;

    @Test
    void should_report_the_work_per_second_of_cpu_time_and_follow_a_core_that_slows_down() {
        AtomicLong cpuNs = new AtomicLong();
        AtomicLong nsPerBlock = new AtomicLong(50_000);
        CpuSpeedSampler sampler = new CpuSpeedSampler(cpuNs::get, () -> cpuNs.addAndGet(nsPerBlock.get()));

        List<ResourceSample> fast = sampler.sample(1_000);
        nsPerBlock.set(65_000);   // the same work now takes 30 % more of the core's time
        List<ResourceSample> slow = sampler.sample(2_000);

        assertThat(fast).singleElement().satisfies(s -> {
            assertThat(s.source()).isEqualTo("host");
            assertThat(s.metric()).isEqualTo(Metric.CPU_SPEED_MB_PER_CPU_S);
            assertThat(s.value()).isCloseTo(SAMPLE_MB / (CpuSpeedSampler.BLOCKS_PER_SAMPLE * 50e-6), within(1e-6));
        });
        assertThat(slow.get(0).value() / fast.get(0).value()).isCloseTo(50.0 / 65, within(1e-9));
    }

    @Test
    void should_hash_its_warm_up_before_the_first_figure_and_only_then() {
        AtomicLong blocks = new AtomicLong();
        CpuSpeedSampler sampler = new CpuSpeedSampler(() -> blocks.get() * 1000, blocks::incrementAndGet);

        sampler.sample(1_000);
        long first = blocks.get();
        sampler.sample(2_000);

        assertThat(first).isEqualTo((CpuSpeedSampler.WARMUP_SAMPLES + 1L) * CpuSpeedSampler.BLOCKS_PER_SAMPLE);
        assertThat(blocks.get() - first).isEqualTo(CpuSpeedSampler.BLOCKS_PER_SAMPLE);
    }

    @Test
    void should_give_no_figure_when_the_cpu_clock_did_not_move() {
        CpuSpeedSampler sampler = new CpuSpeedSampler(() -> -1, () -> { });

        assertThat(sampler.sample(1_000)).isEmpty();
    }

    @Test
    void should_measure_this_machine_in_a_plausible_range() {
        // SHA-256 runs at tens of MB/s interpreted and up to a few GB/s per core with SHA instructions
        List<ResourceSample> sample = new CpuSpeedSampler().sample(1_000);

        assertThat(sample).singleElement().satisfies(s -> assertThat(s.value()).isBetween(20.0, 20_000.0));
    }
}
