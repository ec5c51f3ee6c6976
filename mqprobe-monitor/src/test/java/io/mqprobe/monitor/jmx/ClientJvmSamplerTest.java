package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class ClientJvmSamplerTest {

    @Test
    void should_report_this_jvms_gc_and_jit_time_per_second_from_its_second_sample_on() {
        ClientJvmSampler sampler = new ClientJvmSampler();
        long compiledBefore = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();

        List<ResourceSample> first = sampler.sample(1_000);
        List<ResourceSample> second = sampler.sample(3_000);

        assertThat(first).isEmpty();   // a rate needs two readings
        assertThat(second).allSatisfy(s -> assertThat(s.source()).isEqualTo("client"))
                .extracting(ResourceSample::metric).containsExactly(Metric.GC_MS_PER_S, Metric.GC_COUNT_PER_S, Metric.JIT_MS_PER_S);
        // over a pretended 2 s, the JIT time this JVM compiled between the two readings, halved
        long compiledAfter = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        assertThat(second.get(2).value()).isBetween(0.0, (compiledAfter - compiledBefore) / 2.0);
    }
}
