package io.mqprobe.cli;

import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad input: one clear line on stderr, the documented exit code, within seconds, no stack trace. */
@Timeout(60)
class CliErrorsTest {

    @Test
    void should_list_commands_and_exit_codes_in_help() {
        CliRun run = CliRun.of("--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("probe", "produce", "consume", "e2e", "Exit codes", "130");
    }

    @Test
    void should_reject_an_unknown_flag_with_exit_2() {
        CliRun run = CliRun.of("produce", "--no-such-flag");
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains("--no-such-flag").doesNotContain("at io.mqprobe");
    }

    @Test
    void should_reject_a_bad_size_before_starting_any_cluster() {
        CliRun run = CliRun.of("produce", "--record-size", "12 apples");
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains("bad size '12 apples'").doesNotContain("Exception");
        assertThat(run.errLines()).isEqualTo(1);
        assertThat(run.millis()).isLessThan(5_000);
    }

    @Test
    void should_reject_a_bad_gate_before_starting_any_cluster() {
        CliRun bad = CliRun.of("probe", "--fail-if", "sustainable < lots");
        CliRun needsBaseline = CliRun.of("e2e", "--fail-if", "ceiling drop > 10%");

        assertThat(bad.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(bad.err()).contains("bad --fail-if 'sustainable < lots'").doesNotContain("Exception");
        assertThat(bad.errLines()).isEqualTo(1);
        assertThat(needsBaseline.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(needsBaseline.err()).contains("compares with a baseline: use it with mqprobe compare");
        assertThat(needsBaseline.errLines()).isEqualTo(1);
    }

    @Test
    void should_reject_a_bad_duration() {
        CliRun run = CliRun.of("e2e", "--duration", "soon");
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains("bad duration 'soon'");
        assertThat(run.errLines()).isEqualTo(1);
    }

    @Test
    void should_reject_bad_probe_thresholds_and_scenarios() {
        assertThat(CliRun.of("probe", "--cpu-threshold", "150").exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        CliRun unknown = CliRun.of("probe", "--scenarios", "singel");
        assertThat(unknown.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(unknown.err()).contains("unknown scenario 'singel'");
    }

    @Test
    void should_name_an_unreadable_producer_config(@TempDir Path dir) {
        CliRun run = CliRun.of("produce", "--bootstrap", "127.0.0.1:1", "--producer.config", dir.resolve("missing.properties").toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains("missing.properties");
    }

    @Test
    void should_fail_fast_with_exit_3_when_the_cluster_is_unreachable(@TempDir Path dir) {
        CliRun run = CliRun.of("produce", "--bootstrap", "127.0.0.1:1", "--connect-timeout", "3s", "--out", dir.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(run.err()).contains("127.0.0.1:1").doesNotContain("at org.apache");
        assertThat(run.errLines()).isEqualTo(1);
        assertThat(run.millis()).isLessThan(10_000);
    }

    @Test
    void should_print_a_stack_trace_only_with_x() {
        CliRun run = CliRun.of("-x", "produce", "--bootstrap", "127.0.0.1:1", "--connect-timeout", "2s");
        assertThat(run.exitCode()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(run.err()).contains("\tat ");
    }
}
