package io.mqprobe.chaos;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.fault.FaultSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A fault plan file: the example the docs give reads whole, and a bad line is named with its number. */
@Timeout(10)
class FaultPlanFileTest {

    @Test
    void should_read_the_unclean_election_example() {
        FaultPlanFile plan = FaultPlanFile.read(Path.of("../examples/chaos-unclean-election.plan"));

        assertThat(plan.faults()).containsExactly(FaultSpec.parse("kill:broker-3@5s+15s"), FaultSpec.parse("kill:broker-2@15s+20s"));
        assertThat(plan.producerProperties()).containsExactly(Map.entry("acks", "1"));
        assertThat(plan.topicConfigs()).containsExactly(Map.entry("unclean.leader.election.enable", "true"));
        assertThat(plan.replicationFactor()).isEqualTo(2);
    }

    @Test
    void should_name_the_line_that_is_wrong(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.plan");
        Files.writeString(file, "# a plan\nkill:broker-1@1s\nreplication-factor 0\n");

        assertThatThrownBy(() -> FaultPlanFile.read(file))
                .isInstanceOf(UsageException.class).hasMessage(file + " line 3: replication-factor needs a whole number of at least 1, got '0'");
        Files.writeString(file, "topic-config retention.ms\n");
        assertThatThrownBy(() -> FaultPlanFile.read(file))
                .isInstanceOf(UsageException.class).hasMessage(file + " line 1: expected KEY=VALUE, got 'retention.ms'");
    }

    @Test
    void should_say_when_the_file_cannot_be_read(@TempDir Path dir) {
        assertThatThrownBy(() -> FaultPlanFile.read(dir.resolve("missing.plan")))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("cannot read --scenario-file");
    }
}
