package io.mqprobe.cli.monitor;

import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.SharedCliCluster;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code mqprobe monitor} end to end against the shared embedded 3-broker cluster, and its input checks. */
@ExtendWith(SharedCliCluster.class)
@Timeout(120)
class MonitorCommandTest {

    @Test
    void should_print_traffic_per_broker_and_resources_for_the_duration() {
        CliRun run = CliRun.of("monitor", "--duration", "3700ms", "--interval", "1s");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        // screens at 1.5, 2.5 and 3.5 s: the first round only primes the rates
        assertThat(run.out().lines().filter(l -> l.contains("traffic in"))).hasSize(3);
        assertThat(run.out()).contains("brokers                   [1, 2, 3]")
                .contains("leader log (MB/s)").contains("follower log (MB/s)")
                .contains("leader in (MB/s, jmx)").contains("follower in (MB/s, jmx)");
        assertThat(run.out().lines().filter(l -> l.startsWith("  broker-")))
                .hasSizeGreaterThanOrEqualTo(3 * 3)
                .allSatisfy(l -> assertThat(l).contains("cpu ").contains("rss "));
        // broker-1 is also the KRaft controller: its handler pools share one idle meter (KAFKA-19606), so it shows its
        // handlers' time on CPU instead
        assertThat(run.out().lines().filter(l -> l.startsWith("  broker-2 ") || l.startsWith("  broker-3 ")))
                .allSatisfy(l -> assertThat(l).contains("req idle ").doesNotContain("req on cpu "));
        assertThat(run.out().lines().filter(l -> l.startsWith("  broker-1 ")))
                .isNotEmpty().allSatisfy(l -> assertThat(l).contains("req on cpu ").doesNotContain("req idle "));
        assertThat(run.out().lines().filter(l -> l.startsWith("  host"))).isNotEmpty()
                .allSatisfy(l -> assertThat(l).contains("cpu ").contains("page cache "));
        assertThat(run.err()).doesNotContain("unavailable").doesNotContain("Exception");
    }

    @Test
    void should_say_once_that_a_jmx_source_is_unreachable_and_keep_monitoring() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }

        CliRun run = CliRun.of("monitor", "--duration", "2700ms", "--interval", "1s", "--jmx", "127.0.0.1:" + closedPort);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        assertThat(run.err().lines().filter(l -> l.contains("unavailable")))
                .singleElement().asString().contains("jmx 127.0.0.1:" + closedPort);
        assertThat(run.out()).contains("traffic in").contains("broker-1");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--interval|10ms|--interval",
            "--duration|0s|--duration",
            "--jmx|broker1|bad --jmx 'broker1': expected HOST:PORT",
            "--prometheus|ftp://b1/metrics|--prometheus",
            "--nic-ceiling|fast|fast",
    })
    void should_reject_bad_input_in_one_line_before_touching_a_cluster(String flag, String value, String message) {
        CliRun run = CliRun.of("monitor", flag, value, "--bootstrap", "127.0.0.1:1");

        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.errLines()).as(run.err()).isLessThanOrEqualTo(2);
        assertThat(run.err()).contains(message).doesNotContain("\tat ");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void should_exit_3_when_the_bootstrap_does_not_answer() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }

        CliRun run = CliRun.of("monitor", "--bootstrap", "127.0.0.1:" + closedPort, "--connect-timeout", "2s", "--duration", "5s");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(run.errLines()).isEqualTo(1);
        assertThat(run.millis()).isLessThan(15_000);
    }
}
