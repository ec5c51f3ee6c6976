package io.mqprobe.scenario;

import io.mqprobe.api.Durability;
import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(5)
class ScenarioFileTest {

    @Test
    void should_round_trip_scenarios_through_yaml() {
        List<ScenarioSpec> specs = List.of(new ScenarioSpec("big-batches", "lz4, 1 MiB batches", 12, 3, false, Durability.ALL_REPLICAS, 3,
                Map.of("compression.type", "lz4", "batch.size", "1048576")));
        assertThat(ScenarioFile.parse(ScenarioFile.write(specs), "test")).isEqualTo(specs);
    }

    @Test
    void should_read_a_hand_written_file_with_defaults_for_missing_fields() {
        List<ScenarioSpec> specs = ScenarioFile.parse("""
                scenarios:
                  - name: wide
                    partitions: 24
                    acks: all
                """, "test");
        assertThat(specs).singleElement().satisfies(s -> {
            assertThat(s.partitions()).isEqualTo(24);
            assertThat(s.replicationOn(5)).isEqualTo(3);
            assertThat(s.replicationOn(1)).isEqualTo(1);
            assertThat(s.producerProperties()).isEmpty();
            assertThat(s.durability()).isEqualTo(Durability.ALL_REPLICAS); // read from the older acks: form
        });
    }

    @Test
    void should_reject_unknown_fields_and_bad_values_with_one_line() {
        assertThatThrownBy(() -> ScenarioFile.parse("scenarios:\n  - name: x\n    partitons: 3\n", "f.yaml"))
                .isInstanceOf(UsageException.class).hasMessageContaining("f.yaml").hasMessageContaining("partitons");
        assertThatThrownBy(() -> ScenarioFile.parse("scenarios:\n  - name: x\n    acks: most\n", "f.yaml"))
                .isInstanceOf(UsageException.class).hasMessageContaining("acks");
        assertThatThrownBy(() -> ScenarioFile.parse("other: 1\n", "f.yaml")).isInstanceOf(UsageException.class);
    }

    @Test
    void should_name_an_unreadable_file(@TempDir Path dir) {
        assertThatThrownBy(() -> ScenarioFile.read(dir.resolve("nope.yaml")))
                .isInstanceOf(UsageException.class).hasMessageContaining("nope.yaml");
    }

    @Test
    void should_select_built_ins_by_name_and_reject_unknown_ones() {
        assertThat(BuiltInScenarios.select(List.of(), List.of())).hasSize(4);
        assertThat(BuiltInScenarios.select(List.of("single"), List.of())).extracting(ScenarioSpec::name).containsExactly("single");
        assertThatThrownBy(() -> BuiltInScenarios.select(List.of("singel"), List.of()))
                .isInstanceOf(UsageException.class).hasMessageContaining("broker-ceiling");
    }

    @Test
    void should_probe_a_driver_without_a_profile_with_the_method_matrix_in_bytes() {
        DriverProfile profile = DriverProfiles.of("no-such-driver");
        assertThat(profile.driverId()).isEqualTo("no-such-driver");
        assertThat(profile.builtInScenarios()).isSameAs(BuiltInScenarios.ALL);
        assertThat(profile.capacityUnit()).isEqualTo(CapacityUnit.BYTES);
    }
}
