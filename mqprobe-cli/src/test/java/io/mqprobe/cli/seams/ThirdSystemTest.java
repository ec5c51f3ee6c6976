package io.mqprobe.cli.seams;

import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.TempMqprobeHome;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A third driver, its embedded cluster and its profile, added in this test's class path only ({@link ThirdSystem}),
 * are found by the commands as Kafka's and RocketMQ's are: the seams are lookups, not switches.
 */
@Timeout(30)
class ThirdSystemTest {

    @RegisterExtension
    final TempMqprobeHome home = new TempMqprobeHome();

    @Test
    void should_bring_a_third_systems_cluster_up_and_down_in_its_own_words() {
        CliRun up = CliRun.of("cluster", "up", "--driver", "third", "--brokers", "2");

        assertThat(up.exitCode()).as(up.err()).isEqualTo(ExitCode.OK);
        assertThat(up.err()).contains("starting embedded Third (2 nodes) ... ready in");
        assertThat(up.out()).contains("thirdsrv   127.0.0.1:1").contains("Commands without --bootstrap --driver third now use this cluster");
        assertThat(home.dir().resolve("cluster-third")).isDirectory();

        CliRun down = CliRun.of("cluster", "down", "--driver", "third");

        assertThat(down.exitCode()).as(down.err()).isEqualTo(ExitCode.OK);
        assertThat(down.out()).contains("stopped 0 brokers and removed " + home.dir().resolve("cluster-third"));
        assertThat(home.dir().resolve("cluster-third")).doesNotExist();
    }

    @Test
    void should_offer_the_third_systems_own_scenarios_to_probe() {
        CliRun run = CliRun.of("probe", "--driver", "third", "--scenarios", "nope");

        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains("unknown scenario 'nope' (known: third-ceiling, many-topics)");
        assertThat(run.errLines()).isEqualTo(1);
    }

    @Test
    void should_start_a_temporary_third_cluster_connect_with_its_driver_and_remove_the_cluster_when_nothing_answers()
            throws IOException {
        CliRun run = CliRun.of("probe", "--driver", "third", "--scenarios", "third-ceiling");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(run.err()).contains("starting embedded Third (3 nodes) ... ready in").contains("no third broker answers at 127.0.0.1:1");
        try (Stream<Path> left = Files.list(home.dir().resolve("embedded"))) {
            assertThat(left).as("the temporary cluster's run dir").isEmpty();
        }
    }
}
