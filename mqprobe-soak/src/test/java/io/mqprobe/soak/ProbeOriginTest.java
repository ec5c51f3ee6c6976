package io.mqprobe.soak;

import io.mqprobe.api.UsageException;
import io.mqprobe.report.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A probe's sustainable load read from its result file for a soak, from a file of the first schema. */
class ProbeOriginTest {

    @Test
    void should_take_replicated_all_with_its_layout_record_size_and_clients_when_no_scenario_is_named(@TempDir Path dir) throws Exception {
        Path file = Samples.copyTo(Samples.FULL_PROBE, dir);

        ProbeOrigin origin = ProbeOrigin.read(file, null);

        assertThat(origin.scenario()).isEqualTo("replicated-all");
        assertThat(origin.bytesPerSecond()).isEqualTo(45e6);
        assertThat(origin.layout().partitions()).isEqualTo(6);
        assertThat(origin.layout().replicationFactor()).isEqualTo(3);
        assertThat(origin.setup().recordSizeBytes()).isEqualTo(1024);
        assertThat(origin.clients()).as("the sustainable load's step ran 2 clients").isEqualTo(2);
    }

    @Test
    void should_take_a_named_scenario_and_refuse_one_it_does_not_have(@TempDir Path dir) throws Exception {
        Path file = Samples.copyTo(Samples.FULL_PROBE, dir);

        assertThat(ProbeOrigin.read(file, "single").bytesPerSecond()).isEqualTo(88e6);
        assertThatThrownBy(() -> ProbeOrigin.read(file, "nope")).isInstanceOf(UsageException.class)
                .hasMessageContaining("no scenario 'nope' with a sustainable load (it has single, broker-ceiling, replicated-all, replicated-leader)");
    }

    @Test
    void should_refuse_a_file_that_is_no_probe_result_in_one_line(@TempDir Path dir) throws Exception {
        Path chaos = Samples.copyTo(Samples.CHAOS, dir);
        Path garbage = Files.writeString(dir.resolve("garbage.json"), "{not json");

        assertThatThrownBy(() -> ProbeOrigin.read(chaos, null)).isInstanceOf(UsageException.class)
                .hasMessageContaining("no scenario with a sustainable load");
        assertThatThrownBy(() -> ProbeOrigin.read(garbage, null)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("cannot read --from");
        assertThatThrownBy(() -> ProbeOrigin.read(dir.resolve("missing.json"), null)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("cannot read --from");
    }
}
