package io.mqprobe.result;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class WarmUpTest {

    @Test
    void should_be_quiet_only_when_every_jvm_compiles_less_than_the_quiet_rate() {
        List<ResourceUsage> busy = List.of(jit("client", 40), jit("broker-1", 60), jit("broker-2", 180),
                new ResourceUsage("broker-2", Metric.CPU_CORES, 0.1, 0.1, 0.5));
        List<ResourceUsage> quiet = List.of(jit("client", 40), jit("broker-1", 60), jit("broker-2", 99),
                new ResourceUsage("broker-2", Metric.CPU_CORES, 0.49, 0.5, 0.5));

        WarmUp stillBusy = WarmUp.of(50_000, 8, busy);
        WarmUp warm = WarmUp.of(21_400, 8, quiet);

        assertThat(stillBusy.quiet()).isFalse();
        assertThat(stillBusy.jitMsPerSecond()).containsOnlyKeys("client", "broker-1", "broker-2");
        assertThat(stillBusy.describe()).isEqualTo("warm-up: 50s unmeasured with 8 clients, its bound; JIT compilers still busy "
                + "(broker-1 60, broker-2 180, client 40 ms/s)");
        assertThat(warm.quiet()).isTrue();
        assertThat(warm.describe()).isEqualTo("warm-up: 21s unmeasured with 8 clients, until the JIT compilers went quiet "
                + "(broker-1 60, broker-2 99, client 40 ms/s)");
    }

    @Test
    void should_say_when_no_jvm_reports_its_compile_time() {
        WarmUp blind = WarmUp.of(2_000, 1, List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.3, 0.4, 1)));

        assertThat(blind.quiet()).isTrue();
        assertThat(blind.describe()).endsWith("(no JIT readings: mqprobe cannot tell when the JVMs are warm)");
    }

    private static ResourceUsage jit(String source, double msPerSecond) {
        return new ResourceUsage(source, Metric.JIT_MS_PER_S, msPerSecond, msPerSecond * 2, Double.NaN);
    }
}
