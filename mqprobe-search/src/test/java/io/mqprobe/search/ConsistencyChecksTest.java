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
        assertThat(ConsistencyChecks.of(fourScenarios())).isEmpty();
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
    void should_flag_leader_acknowledged_below_all_replicas_and_a_sustainable_load_nothing_explains() {
        ScenarioVerdict unexplained = new ScenarioVerdict(new StepPoint(3, 90_000, 90_000 * RECORD_BYTES), null,
                new SustainablePoint(1, 2_000, 2_000 * RECORD_BYTES, "under-replicated partitions 4 > 0 at step 6"),
                new Bottleneck(Bottleneck.CPU, "broker-1", "summary", List.of()), "plateau");
        List<ScenarioOutcome> outcomes = List.of(
                outcome("replicated-all", 3, Durability.ALL_REPLICAS, false, 120_000),
                new ScenarioOutcome("replicated-leader", 3, Durability.LEADER, false, unexplained));

        assertThat(ConsistencyChecks.of(outcomes)).satisfiesExactly(
                leaders -> assertThat(leaders).startsWith("leader-acknowledged below all-replicas-acknowledged: replicated-leader 90.0 MB/s"
                        + " < replicated-all 120.0 MB/s"),
                low -> assertThat(low).startsWith("replicated-leader: sustainable load 2,000 msgs/s is 2.2 % of its ceiling with no"
                        + " resource over its threshold"));
    }

    private static List<ScenarioOutcome> fourScenarios() {
        return List.of(
                outcome("single", 1, Durability.LEADER, false, 55_000),
                outcome("broker-ceiling", 1, Durability.LEADER, true, 95_000),
                outcome("replicated-all", 3, Durability.ALL_REPLICAS, false, 48_500),
                outcome("replicated-leader", 3, Durability.LEADER, false, 96_000));
    }

    private static ScenarioOutcome outcome(String name, int replicationFactor, Durability durability, boolean pinned, double ceiling) {
        ScenarioVerdict verdict = new ScenarioVerdict(new StepPoint(3, ceiling, ceiling * RECORD_BYTES), null,
                new SustainablePoint(1, 0.7 * ceiling, 0.7 * ceiling * RECORD_BYTES, "broker-1 CPU 82 % > 75 % at step 2"),
                new Bottleneck(Bottleneck.CPU, "broker-1", "summary", List.of()), "plateau");
        return new ScenarioOutcome(name, replicationFactor, durability, pinned, verdict).withPartitions(name.equals("single") ? 1 : 0);
    }
}
