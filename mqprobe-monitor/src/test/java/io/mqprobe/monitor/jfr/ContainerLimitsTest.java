package io.mqprobe.monitor.jfr;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The broker's own words on its container, as JFR's container events carry them, turned into samples. */
@Timeout(10)
class ContainerLimitsTest {

    private final ContainerLimits limits = new ContainerLimits();

    @Test
    void should_turn_quota_and_period_into_cores_and_throttled_slices_into_a_share() {
        limits.onConfiguration("cgroupv1", Duration.ofMillis(40), Duration.ofMillis(100), -1, 1);
        limits.onThrottling(900, new ContainerLimits.Throttling(200, 150));
        List<ResourceSample> first = samples(1_000);
        limits.onThrottling(1_900, new ContainerLimits.Throttling(300, 221));

        List<ResourceSample> second = samples(2_000);

        assertThat(limits.cpuLimitCores().orElseThrow()).isCloseTo(0.4, within(1e-9));
        assertThat(value(first, Metric.CPU_LIMIT_CORES)).contains(0.4);
        // the first totals are the baseline: a share needs two of them
        assertThat(value(first, Metric.CPU_THROTTLED_SHARE)).isEmpty();
        assertThat(value(second, Metric.CPU_THROTTLED_SHARE)).hasValueSatisfying(v -> assertThat(v).isCloseTo(0.71, within(1e-9)));
        assertThat(value(second, Metric.MEMORY_LIMIT_BYTES)).isEmpty();

    }

    @Test
    void should_report_no_limit_when_the_quota_is_unset() {
        limits.onConfiguration("cgroupv2", Duration.ofNanos(-1000), Duration.ofMillis(100), 1L << 30, 2);
        limits.onThrottling(900, new ContainerLimits.Throttling(10, 0));
        samples(1_000);
        limits.onThrottling(1_900, new ContainerLimits.Throttling(20, 0));

        List<ResourceSample> s = samples(2_000);

        assertThat(limits.cpuLimitCores()).isEmpty();
        assertThat(value(s, Metric.CPU_LIMIT_CORES)).isEmpty();
        assertThat(value(s, Metric.CPU_THROTTLED_SHARE)).isEmpty();
        assertThat(value(s, Metric.MEMORY_LIMIT_BYTES)).contains((double) (1L << 30));
        assertThat(limits.takeDescription("broker-1")).isEmpty();
    }

    @Test
    void should_not_repeat_a_share_for_totals_already_reported_nor_span_a_restart() {
        limits.onConfiguration("cgroupv1", Duration.ofMillis(50), Duration.ofMillis(100), -1, 1);
        limits.onThrottling(900, new ContainerLimits.Throttling(500, 400));
        samples(1_000);
        assertThat(value(samples(2_000), Metric.CPU_THROTTLED_SHARE)).isEmpty();
        // a restarted broker in a new cgroup starts its totals over
        limits.onThrottling(2_900, new ContainerLimits.Throttling(10, 5));
        assertThat(value(samples(3_000), Metric.CPU_THROTTLED_SHARE)).isEmpty();
        limits.onThrottling(3_900, new ContainerLimits.Throttling(20, 15));
        assertThat(value(samples(4_000), Metric.CPU_THROTTLED_SHARE)).contains(1.0);
    }

    @Test
    void should_describe_the_limit_once_with_what_the_jvm_rounds_it_to() {
        limits.onConfiguration("cgroupv1", Duration.ofMillis(40), Duration.ofMillis(100), 1_000_000_000L, 1);

        assertThat(limits.takeDescription("broker-2")).hasValueSatisfying(line -> assertThat(line)
                .contains("broker-2 reports a CPU limit of 0.4 cores", "1.0 GB of memory", "counts as 1 processor"));
        assertThat(limits.takeDescription("broker-2")).isEmpty();
    }

    private List<ResourceSample> samples(long epochMs) {
        List<ResourceSample> out = new ArrayList<>();
        limits.addSamples(epochMs, "broker-2", out);
        return out;
    }

    private static Optional<Double> value(List<ResourceSample> samples, String metric) {
        return samples.stream().filter(s -> s.metric().equals(metric)).map(ResourceSample::value).findFirst();
    }
}
