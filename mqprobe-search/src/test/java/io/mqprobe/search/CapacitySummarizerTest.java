package io.mqprobe.search;

import io.mqprobe.api.Durability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class CapacitySummarizerTest {

    private static final double RECORD_BYTES = 1000;

    @Test
    void should_write_the_headline_as_replication_times_durable_business_traffic() {
        CapacitySummary summary = CapacitySummarizer.summarize(fourScenarios(Bottleneck.CPU), 3);

        assertThat(summary.headline()).isEqualTo("3 × 48.5 MB/s");
        assertThat(summary.lines()).contains(
                "capacity is written replication factor × business traffic; MB = 10^6 bytes, as the field writes it",
                "cluster capacity 3 × 48.5 MB/s: 48.5 MB/s, 48,500 msgs/s of business traffic, 145.5 MB/s written with replicas"
                        + " (replicated-all, RF 3, all-replicas)",
                "per-broker ceiling 95.1 MB/s, 95,100 msgs/s (broker-ceiling)",
                "durable floor (all-replicas) 48.5 MB/s, 48,500 msgs/s (replicated-all)",
                "peak business traffic (leader-acknowledged) 96.0 MB/s, 96,000 msgs/s (replicated-leader; followers may lag behind it)",
                "sustainable load 40.0 MB/s, 40,000 msgs/s (replicated-all; limited by broker-1 CPU 82 % > 75 % at step 2)");
        assertThat(summary.clientLimited()).isFalse();
        assertThat(summary.notes()).isEmpty();
    }

    @Test
    void should_write_rocketmq_capacity_as_master_tps_and_the_most_suitable_maximum_load() {
        List<ScenarioOutcome> outcomes = List.of(
                new ScenarioOutcome("single-queue", 1, Durability.LEADER, false, verdict(55_000, Bottleneck.CPU)),
                new ScenarioOutcome("broker-ceiling", 1, Durability.LEADER, true, verdict(70_000, Bottleneck.NIC)));

        CapacitySummary summary = CapacitySummarizer.summarizeAsTps(outcomes, 1);

        assertThat(summary.headline()).isEqualTo("70,000 TPS per master, most suitable maximum load 40,000 TPS");
        assertThat(summary.lines().get(0)).startsWith("capacity is written as RocketMQ users write it").endsWith("(broker-ceiling)");
        assertThat(summary.lines()).contains("per-broker ceiling 70.0 MB/s, 70,000 msgs/s (broker-ceiling)");
    }

    @Test
    void should_write_one_line_per_scenario() {
        CapacitySummary summary = CapacitySummarizer.summarize(fourScenarios(Bottleneck.CPU), 3);

        assertThat(summary.lines()).contains(
                "single: ceiling 55.0 MB/s, 55,000 msgs/s, knee at step 2, sustainable 40.0 MB/s; bottleneck cpu (broker-1)");
    }

    @Test
    void should_fall_back_to_the_single_replica_ceiling_on_a_one_broker_target() {
        List<ScenarioOutcome> outcomes = List.of(
                new ScenarioOutcome("single", 1, Durability.LEADER, false, verdict(55_000, Bottleneck.CPU)),
                new ScenarioOutcome("broker-ceiling", 1, Durability.LEADER, true, verdict(95_100, Bottleneck.CPU)),
                ScenarioOutcome.skipped("replicated-all", 3, Durability.ALL_REPLICAS, false, "needs 3 brokers, target has 1"),
                ScenarioOutcome.skipped("replicated-leader", 3, Durability.LEADER, false, "needs 3 brokers, target has 1"));

        CapacitySummary summary = CapacitySummarizer.summarize(outcomes, 1);

        assertThat(summary.headline()).isEqualTo("1 × 95.1 MB/s");
        assertThat(summary.notes()).contains(
                "replicated-all skipped: needs 3 brokers, target has 1",
                "replicated scenarios skipped: target has 1 broker, so the headline is the single-replica ceiling, not durable capacity");
        assertThat(summary.lines()).contains("per-broker ceiling 95.1 MB/s, 95,100 msgs/s (broker-ceiling)");
        assertThat(summary.lines()).noneMatch(line -> line.startsWith("durable floor"));
    }

    @Test
    void should_fall_back_to_leader_traffic_when_no_acks_all_scenario_ran() {
        List<ScenarioOutcome> outcomes = List.of(
                new ScenarioOutcome("replicated-leader", 3, Durability.LEADER, false, verdict(96_000, Bottleneck.CPU)),
                ScenarioOutcome.skipped("replicated-all", 3, Durability.ALL_REPLICAS, false, "not selected"));

        CapacitySummary summary = CapacitySummarizer.summarize(outcomes, 3);

        assertThat(summary.headline()).isEqualTo("3 × 96.0 MB/s");
        assertThat(summary.notes()).anyMatch(note -> note.startsWith("no all-replicas scenario ran"));
    }

    @Test
    void should_take_the_durable_scenario_even_when_acks_one_is_faster() {
        List<ScenarioOutcome> outcomes = List.of(
                new ScenarioOutcome("replicated-leader", 3, Durability.LEADER, false, verdict(96_000, Bottleneck.CPU)),
                new ScenarioOutcome("replicated-all", 3, Durability.parse("-1"), false, verdict(30_000, Bottleneck.REPLICATION)));

        assertThat(CapacitySummarizer.summarize(outcomes, 3).headline()).isEqualTo("3 × 30.0 MB/s");
    }

    @Test
    void should_flag_a_client_limited_probe_and_say_figures_are_lower_bounds() {
        CapacitySummary summary = CapacitySummarizer.summarize(fourScenarios(Bottleneck.CLIENT), 3);

        assertThat(summary.clientLimited()).isTrue();
        assertThat(summary.notes()).containsExactly("mqprobe itself was the limit in single, broker-ceiling, replicated-all, "
                + "replicated-leader: the cluster can take more, these figures are lower bounds (add load generators)");
    }

    @Test
    void should_note_a_shared_cpu_verdict() {
        CapacitySummary summary = CapacitySummarizer.summarize(fourScenarios(Bottleneck.SHARED_CPU), 3);

        assertThat(summary.clientLimited()).isFalse();
        assertThat(summary.notes()).singleElement().asString().startsWith("brokers and mqprobe shared one host's CPUs in single,");
    }

    @Test
    void should_say_so_when_nothing_was_measured() {
        CapacitySummary summary = CapacitySummarizer.summarize(
                List.of(ScenarioOutcome.skipped("single", 1, Durability.LEADER, false, "interrupted")), 1);

        assertThat(summary.headline()).isEqualTo("no capacity measured");
        assertThat(summary.notes()).contains("single skipped: interrupted");
    }

    @Test
    void should_reject_an_outcome_with_neither_verdict_nor_skip_reason() {
        assertThatThrownBy(() -> new ScenarioOutcome("single", 1, Durability.LEADER, false, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("single");
    }

    private static List<ScenarioOutcome> fourScenarios(String bottleneck) {
        return List.of(
                new ScenarioOutcome("single", 1, Durability.LEADER, false, verdict(55_000, bottleneck)),
                new ScenarioOutcome("broker-ceiling", 1, Durability.LEADER, true, verdict(95_100, bottleneck)),
                new ScenarioOutcome("replicated-all", 3, Durability.ALL_REPLICAS, false, verdict(48_500, bottleneck)),
                new ScenarioOutcome("replicated-leader", 3, Durability.LEADER, false, verdict(96_000, bottleneck)));
    }

    /** A verdict with its ceiling at step 3, knee at step 2 and sustainable load 40,000 msgs/s at step 1. */
    private static ScenarioVerdict verdict(double ceilingRecordsPerSecond, String bottleneck) {
        return new ScenarioVerdict(
                new StepPoint(3, ceilingRecordsPerSecond, ceilingRecordsPerSecond * RECORD_BYTES),
                new StepPoint(2, 0.98 * ceilingRecordsPerSecond, 0.98 * ceilingRecordsPerSecond * RECORD_BYTES),
                new SustainablePoint(1, 40_000, 40_000 * RECORD_BYTES, "broker-1 CPU 82 % > 75 % at step 2"),
                new Bottleneck(bottleneck, "broker-1", "summary", List.of()), "plateau");
    }
}
