package io.mqprobe.plan;

import io.mqprobe.plan.MeasuredCapacity.Basis;
import io.mqprobe.plan.MeasuredCapacity.PartitionLimit;
import io.mqprobe.scenario.CapacityUnit;
import io.mqprobe.search.Thresholds;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The plan's arithmetic against cases worked by hand; the numbers in the comments are the hand's. */
class PlannerTest {

    private static final double MB = 1e6;

    /** A Kafka probe: replicated-all sustained 60 MB/s at RF 3 over 3 brokers of 2 cores, the busiest at 60 % CPU. */
    private static MeasuredCapacity kafka(String lowerBound) {
        return new MeasuredCapacity("probe.json", "kafka", CapacityUnit.BYTES,
                new Basis("replicated-all", 3, 3, 60 * MB, 60_000, "broker-1 CPU 80 % > 75 %", "cpu / broker-1", lowerBound),
                new PartitionLimit("single", 20 * MB, null), 2.0, 8e9, 1000, 0.6, 400 * MB, "probed", 1250 * MB, "configured",
                Thresholds.defaults());
    }

    private static BusinessLoad load(double peakMb, int rf, int groups, int parallelism, double headroom, Duration retention) {
        return new BusinessLoad(peakMb * MB, 1000, retention, rf, groups, parallelism, headroom, 0, 1);
    }

    private static Reckoning figure(SizedPlan plan, String name) {
        return plan.figures().stream().filter(f -> f.figure().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void should_size_a_kafka_cluster_by_hand() {
        SizedPlan plan = Planner.plan(load(100, 3, 2, 12, 0.25, Duration.ofDays(1)), kafka(null), false);

        // per broker: 60 MB/s × RF 3 ÷ 3 brokers = 60 MB/s written; usable 75 % = 45 MB/s
        // brokers = max(⌈300 ÷ 45⌉ = 7, ⌈300 ÷ 60⌉ + 1 = 6, RF 3) = 7
        assertThat(figure(plan, "brokers").value()).isEqualTo(7);
        assertThat(plan.layout().get(0)).extracting(Role::name, Role::count).containsExactly("brokers", 7);
        assertThat(plan.brokerMachines()).isEqualTo(7);
        // write per broker = 100 × 3 ÷ 7 = 42.857 MB/s
        assertThat(figure(plan, "write per broker").value()).isCloseTo(300 * MB / 7, within(1.0));
        // partitions = max(⌈100 ÷ (20 × 0.75)⌉ = 7, 12 consumers) = 12, up to a multiple of 7 = 14
        assertThat(figure(plan, "partitions").value()).isEqualTo(14);
        // disk = (42.857 MB/s × 86,400 s = 3.7029 TB, + indexes 3.7029 TB × 20 ÷ 4096 = 18.08 GB,
        //         + ⌈14 × 3 ÷ 7⌉ = 6 segments of 1 GiB = 6.442 GB) ÷ 0.75 = 4.9698 TB
        double data = 300 * MB / 7 * 86_400;
        double expectedDisk = (data + data * 20 / 4096 + 6 * (double) (1L << 30)) / 0.75;
        assertThat(figure(plan, "disk per broker").value()).isCloseTo(expectedDisk, within(1.0));
        assertThat(expectedDisk / 1e12).isCloseTo(4.9698, within(0.0001));
        // NIC in = 100 × 3 ÷ 7 = 42.857 MB/s; out = 100 × (2 followers + 2 groups) ÷ 7 = 57.143 MB/s
        assertThat(figure(plan, "NIC in per broker").value()).isCloseTo(300 * MB / 7, within(1.0));
        assertThat(figure(plan, "NIC out per broker").value()).isCloseTo(400 * MB / 7, within(1.0));
        // link = 57.143 ÷ 0.75 = 76.19 MB/s
        assertThat(figure(plan, "NIC per broker").value()).isCloseTo(400 * MB / 7 / 0.75, within(1.0));
        // the sustainable load: 42.857 of 60 = 71.4 %; CPU 60 % × 71.4 % = 42.9 % of 75 %: growth ×1.75
        assertThat(plan.sustainable().usedPct()).isCloseTo(71.43, within(0.01));
        Exhaustion first = plan.limits().get(0);
        assertThat(first.limit()).isEqualTo("CPU");
        assertThat(first.usedPct()).isCloseTo(42.857, within(0.001));
        assertThat(first.growth()).isCloseTo(1.75, within(0.001));
        // disk write 42.857 of 400 MB/s = 10.7 % of 80 %; NIC 57.143 of 1250 = 4.6 % of 80 %: disk before NIC
        assertThat(plan.limits()).extracting(Exhaustion::limit).containsExactly("CPU", "disk write", "NIC");
        assertThat(plan.totalCores()).isEqualTo(14.0);
    }

    @Test
    void should_keep_one_broker_per_copy_and_survive_a_lost_broker() {
        // a tiny peak: throughput asks for 1 broker, the loss rule for 2, RF 3 for 3
        SizedPlan small = Planner.plan(load(1, 3, 1, 1, 0.3, Duration.ofHours(1)), kafka(null), false);
        assertThat(figure(small, "brokers").value()).isEqualTo(3);
        // with no headroom the loss rule decides: ⌈300 ÷ 60⌉ = 5 (exactly full), + 1 = 6
        SizedPlan tight = Planner.plan(load(100, 3, 1, 1, 0, Duration.ofHours(1)), kafka(null), false);
        assertThat(figure(tight, "brokers").value()).isEqualTo(6);
    }

    @Test
    void should_grow_the_peak_over_the_horizon() {
        BusinessLoad grown = new BusinessLoad(100 * MB, 1000, Duration.ofDays(1), 3, 1, 1, 0.25, 0.5, 2);
        // 100 MB/s × 1.5² = 225 MB/s; brokers = max(⌈675 ÷ 45⌉ = 15, ⌈675 ÷ 60⌉ + 1 = 13, 3) = 15
        assertThat(grown.plannedBytesPerSecond()).isCloseTo(225 * MB, within(1.0));
        SizedPlan plan = Planner.plan(grown, kafka(null), false);
        assertThat(figure(plan, "brokers").value()).isEqualTo(15);
        // write 675 ÷ 15 = 45 MB/s = 75 % of 60; CPU 60 % × 0.75 = 45 % of 75 %: ×1.667, log(1.667)/log(1.5) = 1.26 years
        assertThat(plan.limits().get(0).years()).isCloseTo(Math.log(75.0 / 45) / Math.log(1.5), within(1e-9));
    }

    @Test
    void should_reach_the_rocketmq_articles_layout() {
        // the article: one master sustains about 70,000 TPS of 500-byte messages (35 MB/s) before its gigabit NIC is full
        MeasuredCapacity article = new MeasuredCapacity("article", "rocketmq", CapacityUnit.MASTER_TPS,
                new Basis("master-slave", 3, 1, 35 * MB, 70_000, "gigabit NIC full", "nic / broker-1", null),
                null, null, null, 500, null, null, "unknown", 125 * MB, "configured", Thresholds.defaults());
        // "some tens of thousands" at the company's peak: 50,000 msgs/s × 500 B = 25 MB/s
        SizedPlan plan = Planner.plan(new BusinessLoad(25 * MB, 500, Duration.ofHours(72), 3, 1, 1, 0.3, 0, 1), article, false);
        // masters = max(⌈25 ÷ (35 × 0.7)⌉ = 2, ⌈25 ÷ 35⌉ + 1 = 2, 2) = 2; slaves 2 × (3 − 1) = 4; name servers 3
        assertThat(plan.layout()).extracting(Role::name, Role::count)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("masters", 2), org.assertj.core.groups.Tuple.tuple("slaves", 4),
                        org.assertj.core.groups.Tuple.tuple("name servers", 3));
        assertThat(plan.brokerMachines()).isEqualTo(6);
        // NIC out per master = 25 × (2 slaves + 1 group) ÷ 2 = 37.5 MB/s = 30 % of the gigabit link
        assertThat(figure(plan, "NIC out per master").value()).isCloseTo(37.5 * MB, within(1.0));
        assertThat(plan.limits().get(0).usedPct()).isCloseTo(30, within(1e-9));
        // at 100,000 msgs/s: ⌈50 ÷ 24.5⌉ = 3 masters, 6 slaves
        SizedPlan doubled = Planner.plan(new BusinessLoad(50 * MB, 500, Duration.ofHours(72), 3, 1, 1, 0.3, 0, 1), article, false);
        assertThat(doubled.layout().get(0).count()).isEqualTo(3);
        assertThat(doubled.layout().get(1).count()).isEqualTo(6);
        // the article's own test load, 70,000 msgs/s on one master with one group reading: out = 35 × 3 = 105 MB/s, 84 % of
        // the gigabit link, over the 80 % threshold: the NIC the article saw full
        assertThat(new ClusterShape.MasterSlave().nicOutPerNode(35 * MB, 3, 1, 1) / (125 * MB)).isCloseTo(0.84, within(1e-9));
    }

    @Test
    void should_refuse_a_lower_bound_unless_accepted() {
        MeasuredCapacity clientLimited = kafka("the load generator was among the limits (bottleneck co-limited / broker-1+client)");
        BusinessLoad load = load(100, 3, 1, 1, 0.3, Duration.ofDays(1));
        assertThatThrownBy(() -> Planner.plan(load, clientLimited, false)).isInstanceOf(PlanRefusal.class)
                .hasMessageContaining("only a lower bound").hasMessageContaining("--accept-lower-bound")
                .hasMessageNotContaining("\n");
        SizedPlan accepted = Planner.plan(load, clientLimited, true);
        assertThat(accepted.notes()).anyMatch(n -> n.startsWith("rests on a lower bound"));
    }

    @Test
    void should_choose_the_size_with_the_fewest_broker_cores() {
        MeasuredCapacity small = kafka(null);  // 2 cores: 7 brokers = 14 cores
        MeasuredCapacity big = new MeasuredCapacity("4c", "kafka", CapacityUnit.BYTES,
                new Basis("replicated-all", 3, 3, 100 * MB, 100_000, "", "disk", null),
                null, 4.0, 16e9, 1000, 0.5, null, "unknown", null, "unknown", Thresholds.defaults());
        // 4 cores: max(⌈300 ÷ 75⌉ = 4, ⌈300 ÷ 100⌉ + 1 = 4, 3) = 4 brokers = 16 cores
        CapacityPlan plan = Planner.plan(load(100, 3, 1, 1, 0.25, Duration.ofDays(1)), List.of(small, big), List.of(), false);
        assertThat(plan.plans()).extracting(SizedPlan::totalCores).containsExactly(14.0, 16.0);
        assertThat(plan.cheapest()).isEqualTo("probe.json");
    }

    @Test
    void should_parse_peaks_in_messages_and_bytes() {
        assertThat(BusinessLoad.parsePeak("100k/s", 1024)).isEqualTo(102_400_000);
        assertThat(BusinessLoad.parsePeak("70000 msgs/s", 500)).isEqualTo(35_000_000);
        assertThat(BusinessLoad.parsePeak("70k tps", 500)).isEqualTo(35_000_000);
        assertThat(BusinessLoad.parsePeak("50MB/s", 500)).isEqualTo(50_000_000);
        assertThatThrownBy(() -> BusinessLoad.parsePeak("lots", 500)).hasMessageStartingWith("bad --peak 'lots'");
        assertThatThrownBy(() -> new BusinessLoad(1, 1, Duration.ofDays(1), 3, 1, 1, 1.2, 0, 1))
                .hasMessageStartingWith("--headroom");
    }
}
