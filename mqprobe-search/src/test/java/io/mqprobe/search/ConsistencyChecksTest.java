package io.mqprobe.search;

import io.mqprobe.api.Durability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class ConsistencyChecksTest {

    private static final double RECORD_BYTES = 1000;

    @Test
    void should_agree_with_scenarios_that_agree() {
        assertThat(ConsistencyChecks.of(fourScenarios(1_300, 1_250, 1_320, 1_280))).isEmpty();
    }

    @Test
    void should_flag_a_single_partition_above_its_brokers_ceiling() {
        List<ScenarioOutcome> outcomes = List.of(
                outcome("single", 1, Durability.LEADER, false, 120_000),
                outcome("broker-ceiling", 1, Durability.LEADER, true, 95_000));

        assertThat(ConsistencyChecks.of(outcomes)).singleElement().asString()
                .startsWith("single partition above its broker's ceiling: single 120.0 MB/s > broker-ceiling 95.0 MB/s");
    }

    @Test
    void should_flag_a_host_whose_cpu_speed_moved_between_scenarios_more_than_the_steps_precision() {
        List<String> flags = ConsistencyChecks.of(fourScenarios(1_300, 1_150, 1_320, 1_280));

        assertThat(flags).singleElement().asString()
                .startsWith("host CPU speed moved 15 % between scenarios (broker-ceiling 1150.0 MB, replicated-all 1320.0 MB of"
                        + " SHA-256 per CPU-second): figures bound by CPU move with it");
    }

    @Test
    void should_leave_host_speed_alone_where_it_was_not_measured() {
        assertThat(ConsistencyChecks.of(fourScenarios(Double.NaN, 1_000, Double.NaN, 1_300))).hasSize(1);
        assertThat(ConsistencyChecks.of(fourScenarios(Double.NaN, Double.NaN, Double.NaN, 1_300))).isEmpty();
    }

    private static List<ScenarioOutcome> fourScenarios(double... hostSpeeds) {
        return List.of(
                outcome("single", 1, Durability.LEADER, false, 55_000).withHostCpuSpeed(hostSpeeds[0]),
                outcome("broker-ceiling", 1, Durability.LEADER, true, 95_000).withHostCpuSpeed(hostSpeeds[1]),
                outcome("replicated-all", 3, Durability.ALL_REPLICAS, false, 48_500).withHostCpuSpeed(hostSpeeds[2]),
                outcome("replicated-leader", 3, Durability.LEADER, false, 96_000).withHostCpuSpeed(hostSpeeds[3]));
    }

    private static ScenarioOutcome outcome(String name, int replicationFactor, Durability durability, boolean pinned, double ceiling) {
        ScenarioVerdict verdict = new ScenarioVerdict(new StepPoint(3, ceiling, ceiling * RECORD_BYTES), null,
                new SustainablePoint(1, 0.7 * ceiling, 0.7 * ceiling * RECORD_BYTES, "broker-1 CPU 82 % > 75 % at step 2"),
                new Bottleneck(Bottleneck.CPU, "broker-1", "summary", List.of()), "plateau");
        return new ScenarioOutcome(name, replicationFactor, durability, pinned, verdict).withPartitions(name.equals("single") ? 1 : 0);
    }
}
