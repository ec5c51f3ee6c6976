package io.mqprobe.search;

import io.mqprobe.api.Durability;
import io.mqprobe.api.InstanceSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class InstanceSizesTest {

    private static ScenarioOutcome outcome(String name, boolean pinned, double mbPerSecond, String resource, String source) {
        StepPoint ceiling = new StepPoint(3, mbPerSecond * 1000, mbPerSecond * 1e6);
        ScenarioVerdict verdict = new ScenarioVerdict(ceiling, ceiling, new SustainablePoint(5, mbPerSecond * 500, mbPerSecond * 5e5, "p99"),
                new Bottleneck(resource, source, resource + " at the knee", List.of()), "plateau");
        return new ScenarioOutcome(name, 1, Durability.LEADER, pinned, verdict);
    }

    @Test
    void should_count_capacity_per_core_on_the_brokers_that_carry_the_load() {
        List<InstanceSizes.Row> rows = InstanceSizes.rows(InstanceSpec.parse("0.5c1g"), 3, "d",
                List.of(outcome("single", true, 40, "cpu", "broker-1"), outcome("spread", false, 60, "cpu", "broker-2")));

        assertThat(rows.get(0).capacityPerCoreBytesPerSecond()).isEqualTo(80e6);   // one broker of 0.5 cores
        assertThat(rows.get(1).capacityPerCoreBytesPerSecond()).isEqualTo(40e6);   // three brokers of 0.5 cores
        assertThat(rows.get(0).bottleneck()).isEqualTo("cpu / broker-1");
        assertThat(rows.get(0).sustainableBytesPerSecond()).isEqualTo(20e6);
    }

    @Test
    void should_say_where_capacity_stops_growing_with_cores_and_what_takes_over() {
        List<InstanceSizes.Row> rows = new ArrayList<>();
        rows.addAll(InstanceSizes.rows(InstanceSpec.parse("0.25c1g"), 1, "a", List.of(outcome("single", true, 20, "cpu", "broker-1"))));
        rows.addAll(InstanceSizes.rows(InstanceSpec.parse("0.5c1g"), 1, "b", List.of(outcome("single", true, 39, "cpu", "broker-1"))));
        rows.addAll(InstanceSizes.rows(InstanceSpec.parse("1c2g"), 1, "c", List.of(outcome("single", true, 45, "disk", "broker-1"))));

        List<String> lines = InstanceSizes.scaling(rows);

        assertThat(lines).singleElement().asString()
                .contains("stops growing with cores from 0.5c1g to 1c2g")
                .contains("the limit there is disk / broker-1")
                .contains("at 0.5c1g: cpu / broker-1");
    }

    @Test
    void should_say_capacity_grows_when_it_tracks_the_cores() {
        List<InstanceSizes.Row> rows = new ArrayList<>();
        rows.addAll(InstanceSizes.rows(InstanceSpec.parse("0.25c1g"), 1, "a", List.of(outcome("single", true, 20, "cpu", "broker-1"))));
        rows.addAll(InstanceSizes.rows(InstanceSpec.parse("0.5c1g"), 1, "b", List.of(outcome("single", true, 38, "cpu", "broker-1"))));

        assertThat(InstanceSizes.scaling(rows)).singleElement().asString().contains("grows with cores over every size");
    }
}
