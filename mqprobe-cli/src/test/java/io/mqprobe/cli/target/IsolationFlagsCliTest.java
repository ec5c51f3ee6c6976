package io.mqprobe.cli.target;

import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.TempMqprobeHome;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The isolation flags refuse bad input in one line with exit 2, before any broker starts. Runs under its own mqprobe
 * home: a {@code cluster up} cluster another test class left running would answer first (its isolation stays as started).
 */
@Timeout(60)
class IsolationFlagsCliTest {

    @RegisterExtension
    final TempMqprobeHome home = new TempMqprobeHome();

    @Test
    void should_refuse_specs_that_oversubscribe_the_machine_unless_allowed() {
        CliRun run = CliRun.of("produce", "--brokers", "3", "--broker-spec", "64c4g", "--duration", "1s");

        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains("3 brokers x 64 cores").contains("--allow-oversubscribe").doesNotContain("Exception");
        assertThat(run.errLines()).isEqualTo(1);
        assertThat(run.millis()).isLessThan(10_000);
    }

    @Test
    void should_refuse_isolation_of_a_cluster_it_did_not_start() {
        CliRun run = CliRun.of("produce", "--bootstrap", "127.0.0.1:1", "--broker-spec", "1c1g", "--duration", "1s");

        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains("cannot be combined with --bootstrap");
    }

    @Test
    void should_name_the_form_of_a_bad_spec_or_link() {
        CliRun spec = CliRun.of("cluster", "up", "--broker-spec", "4g2c");
        CliRun net = CliRun.of("e2e", "--broker-net", "fast");

        assertThat(spec.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(spec.err()).contains("bad instance spec '4g2c'").contains("2c4g");
        assertThat(net.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(net.err()).contains("bad --broker-net 'fast'");
    }
}
