package io.mqprobe.search;

import io.mqprobe.api.monitor.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.function.BiConsumer;

import static io.mqprobe.search.StepBuilder.step;
import static org.assertj.core.api.Assertions.assertThat;

/** A limit nobody reports, inferred from a broker resource that holds one level while clients rise and throughput does not. */
@Timeout(10)
class InferredCapTest {

    private static final Thresholds RAMP = Thresholds.defaults().withoutLatencyJudgement();
    /** Per-second readings spread ±30 % around their mean: steps 1-5 below cannot be told apart. */
    private static final double[] SPREAD_30 = {1.3, 1.2, 0.7, 0.8, 1.25, 0.75, 1.3, 0.7};
    /** Step 0 below the rest, steps 1-5 (2 to 6 clients) one plateau the readings cannot tell apart. */
    private static final double[] MEANS = {20_000, 55_000, 58_000, 60_000, 57_000, 59_000};
    /** broker-2's CPU over steps 1-5: one level, as under a 0.4-core limit the JVM rounds up to 1 processor. */
    private static final double[] CAPPED_CORES = {0.39, 0.39, 0.40, 0.39, 0.39};

    @Test
    void should_infer_a_cpu_cap_on_the_broker_whose_peaks_sit_on_its_means_while_clients_rise() {
        // broker-1's mean is as flat as broker-2's (throughput is flat), but its busiest second stands 20 % above it
        ScenarioVerdict verdict = VerdictFinder.find(plateau((i, s) -> {
            s.use("broker-1", Metric.CPU_CORES, 0.30, 0.36, 1);
            cappedBroker2(i, s);
        }), RAMP, "max steps");

        Bottleneck b = verdict.bottleneck();
        assertThat(verdict.ceiling().pooled()).containsExactly(1, 2, 3, 4, 5);
        assertThat(b.resource()).isEqualTo(Bottleneck.CPU);
        assertThat(b.source()).isEqualTo("broker-2");
        assertThat(b.summary()).isEqualTo("broker-2's CPU held at 0.39 ± 0.01 cores over steps 1-5 while the offered load"
                + " rose 3.0× (2 to 6 clients): a CPU cap near 0.4 cores (container limit, cgroup, CPU steal), inferred,"
                + " not read directly");
        assertThat(b.evidence()).startsWith(b.summary(), "broker-2's busiest second stayed within 1.0 % of its step's mean in"
                + " each of steps 1-5 (broker-1 up to 20 %): readings that never rise above one level");
    }

    @Test
    void should_not_infer_a_cap_from_a_cpu_that_rises_with_the_load() {
        double[] rising = {0.25, 0.29, 0.33, 0.37, 0.41};
        Bottleneck b = VerdictFinder.find(plateau((i, s) -> s.use("broker-2", Metric.CPU_CORES,
                i == 0 ? 0.1 : rising[i - 1], i == 0 ? 0.1 : rising[i - 1], 1)), RAMP, "max steps").bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.NONE);
        assertThat(b.summary()).doesNotContain("inferred");
    }

    @Test
    void should_not_infer_a_cap_on_a_broker_whose_cpu_limit_is_read() {
        Bottleneck b = VerdictFinder.find(plateau((i, s) -> {
            cappedBroker2(i, s);
            s.use("broker-2", Metric.CPU_LIMIT_CORES, 1, 1, Double.NaN);
        }), RAMP, "max steps").bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.NONE);
        assertThat(b.summary()).doesNotContain("inferred");
    }

    @Test
    void should_not_infer_a_cap_when_the_host_ran_out_of_cores_in_a_flat_step() {
        // step 1 only: the plateau's pooled host CPU stays below saturation, so nothing else names it
        Bottleneck b = VerdictFinder.find(plateau((i, s) -> {
            cappedBroker2(i, s);
            s.cpu("host", i == 1 ? 1.9 : 1.0, 2);
        }), RAMP, "max steps").bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.NONE);
        assertThat(b.summary()).doesNotContain("inferred");
    }

    @Test
    void should_not_infer_a_cap_when_the_offered_load_rose_by_less_than_half() {
        int[] clients = {3, 4, 4, 5, 5, 5};
        Bottleneck b = VerdictFinder.find(plateau((i, s) -> {
            s.clients(clients[i]);
            cappedBroker2(i, s);
        }), RAMP, "max steps").bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.NONE);
        assertThat(b.summary()).doesNotContain("inferred");
    }

    @Test
    void should_infer_a_cap_instead_of_a_partition_limit_past_a_confirmed_knee() {
        // knee at step 2 (3 clients), flat to step 4 (5 clients)
        List<StepMeasurement> steps = List.of(
                step(0, 10_000).cpu("broker-1", 0.2, 2).build(), step(1, 20_000).cpu("broker-1", 0.4, 2).build(),
                step(2, 30_000).use("broker-1", Metric.CPU_CORES, 0.60, 0.61, 2).build(),
                step(3, 30_500).use("broker-1", Metric.CPU_CORES, 0.60, 0.61, 2).build(),
                step(4, 30_200).use("broker-1", Metric.CPU_CORES, 0.61, 0.61, 2).build());

        ScenarioVerdict verdict = VerdictFinder.find(steps, RAMP, "plateau");

        assertThat(verdict.knee().step()).isEqualTo(2);
        assertThat(verdict.bottleneck().resource()).isEqualTo(Bottleneck.CPU);
        assertThat(verdict.bottleneck().source()).isEqualTo("broker-1");
        assertThat(verdict.bottleneck().summary()).startsWith("broker-1's CPU held at 0.60 ± 0.01 cores over steps 2-4 while"
                + " the offered load rose 1.7× (3 to 5 clients)").contains("inferred");
    }

    @Test
    void should_infer_a_disk_cap_on_the_one_broker_whose_writes_flat_line_below_their_ceiling() {
        Bottleneck b = VerdictFinder.find(plateau((i, s) -> s.cpu("broker-1", 0.3, 2).cpu("broker-2", 0.3, 2)
                .use("broker-1", Metric.DISK_WRITE_BPS, 3.0e6, 3.02e6, 1.6e9)
                .use("broker-2", Metric.DISK_WRITE_BPS, 3.0e6, 4.5e6, 1.6e9)), RAMP, "max steps").bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.DISK);
        assertThat(b.source()).isEqualTo("broker-1");
        assertThat(b.summary()).startsWith("broker-1's disk write held at 3.0 MB/s ± 0 % over steps 1-5")
                .contains("below its ceiling of 1.6 GB/s: a disk write cap near 3.0 MB/s", "inferred, not read directly");
    }

    @Test
    void should_not_infer_a_nic_cap_when_every_broker_carries_the_same_steady_traffic() {
        Bottleneck b = VerdictFinder.find(plateau((i, s) -> s.cpu("broker-1", 0.3, 2).cpu("broker-2", 0.3, 2)
                .use("broker-1", Metric.NET_RX_BPS, 60e6, 60.5e6, 1.25e9)
                .use("broker-2", Metric.NET_RX_BPS, 30e6, 30.2e6, 1.25e9)), RAMP, "max steps").bottleneck();

        assertThat(b.resource()).isEqualTo(Bottleneck.NONE);
        assertThat(b.summary()).doesNotContain("inferred");
    }

    /** broker-2 at {@link #CAPPED_CORES} over steps 1-5, each peak 0.004 cores above its mean; capacity 1 (not a quota). */
    static void cappedBroker2(int i, StepBuilder s) {
        double cores = i == 0 ? 0.2 : CAPPED_CORES[i - 1];
        s.use("broker-2", Metric.CPU_CORES, cores, cores + 0.004, 1);
    }

    /** The plateau of {@link #MEANS}, read ±30 %, with the resources {@code resources} adds. */
    static List<StepMeasurement> plateau(BiConsumer<Integer, StepBuilder> resources) {
        return StepBuilder.ramp(SPREAD_30, MEANS, resources);
    }
}
