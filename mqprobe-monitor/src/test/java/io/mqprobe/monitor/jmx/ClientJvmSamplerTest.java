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

        assertThat(first).extracting(ResourceSample::metric).doesNotContain(RATES);   // a rate needs two readings
        assertThat(second).allSatisfy(s -> assertThat(s.source()).isEqualTo("client"))
                .extracting(ResourceSample::metric).containsSubsequence(RATES);
        // over a pretended 2 s, the JIT time this JVM compiled between the two readings, halved
        long compiledAfter = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        assertThat(find(second, Metric.JIT_MS_PER_S).value()).isBetween(0.0, (compiledAfter - compiledBefore) / 2.0);
    }

    @Test
    void should_report_this_jvms_old_generation_after_a_collection() {
        System.gc();

        ResourceSample oldGen = find(new ClientJvmSampler().sample(1_000), Metric.OLD_GEN_AFTER_GC_BYTES);

        assertThat(oldGen.source()).isEqualTo("client");
        // surefire's -Xmx1g: the old generation may take at most the whole heap
        assertThat(oldGen.capacity().orElseThrow()).isPositive().isLessThanOrEqualTo(Runtime.getRuntime().maxMemory());
        assertThat(oldGen.value()).isPositive().isLessThan(oldGen.capacity().orElseThrow());
    }

    private static final String[] RATES = {Metric.GC_MS_PER_S, Metric.GC_COUNT_PER_S, Metric.JIT_MS_PER_S};

    private static ResourceSample find(List<ResourceSample> samples, String metric) {
        return samples.stream().filter(s -> s.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + metric + " in " + samples));
    }
}
