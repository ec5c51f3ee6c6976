package io.mqprobe.cli.sweep;

import io.mqprobe.api.UsageException;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.sweep.SweepSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A preset changes the defaults of what the user did not type, and nothing the user typed. */
@Timeout(30)
class SweepOptionsTest {

    @Test
    void should_take_the_sweeps_own_defaults_without_a_preset() {
        SweepSettings s = settings("--vary", "linger.ms=0,5");

        assertThat(s.ramp().warmup()).isEqualTo(Duration.ofSeconds(2));
        assertThat(s.ramp().measure()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.ramp().maxClients()).isEqualTo(4);
        assertThat(s.ramp().maxSteps()).isEqualTo(3);
        assertThat(s.partitions()).isEqualTo(6);
        assertThat(s.replicationFactor()).isEqualTo(1);
        assertThat(s.payload()).isEqualTo(new PayloadSpec.Random());
    }

    @Test
    void should_shorten_steps_and_pick_the_presets_payload_and_replication_when_not_typed() {
        SweepSettings producer = settings("--preset", "producer");
        SweepSettings broker = settings("--preset", "broker");

        assertThat(producer.ramp().warmup()).isEqualTo(Duration.ofSeconds(1));
        assertThat(producer.ramp().measure()).isEqualTo(Duration.ofSeconds(3));
        assertThat(producer.payload()).isEqualTo(new PayloadSpec.Compressible(2));
        assertThat(broker.replicationFactor()).isZero();
    }

    @Test
    void should_keep_what_the_user_typed_over_the_presets_defaults() {
        SweepSettings producer = settings("--preset", "producer", "--step-warmup", "2s", "--step-duration", "5s", "--payload", "random");
        SweepSettings broker = settings("--preset", "broker", "--replication-factor", "1");

        assertThat(producer.ramp().warmup()).isEqualTo(Duration.ofSeconds(2));
        assertThat(producer.ramp().measure()).isEqualTo(Duration.ofSeconds(5));
        assertThat(producer.payload()).isEqualTo(new PayloadSpec.Random());
        assertThat(broker.replicationFactor()).isEqualTo(1);
    }

    @Test
    void should_refuse_a_bad_shared_option_naming_it() {
        assertThatThrownBy(() -> settings("--vary", "linger.ms=0,5", "--clients", "0"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("Invalid value for option '--clients': must be at least 1, got 0");
        assertThatThrownBy(() -> settings("--vary", "linger.ms=0,5", "--partitions", "-1"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("Invalid value for option '--partitions': must be at least 0, got -1");
        assertThatThrownBy(() -> settings("--vary", "linger.ms=0,5", "--record-size", "10"))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("--record-size must be between 28 B");
    }

    private static SweepSettings settings(String... args) {
        SweepCommand command = new SweepCommand();
        CommandLine cl = new CommandLine(command);
        cl.parseArgs(args);
        return command.sweep.conclude("kafka", false, cl.getParseResult()::hasMatchedOption).settings();
    }
}
