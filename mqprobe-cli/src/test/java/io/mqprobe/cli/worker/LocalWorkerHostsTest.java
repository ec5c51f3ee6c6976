package io.mqprobe.cli.worker;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.TempMqprobeHome;
import io.mqprobe.result.ResultJson;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --workers local:N} as root on a cluster the command starts itself, without {@code --broker-net}: brokers
 * on this host's loopback could not be reached from another namespace, so the brokers get a network of their own
 * (unshaped) and every worker is a host of its own on it. Runs under its own mqprobe home: the suite's shared
 * {@code cluster up} would be used instead of a temporary cluster.
 */
@Timeout(180)
class LocalWorkerHostsTest {

    @RegisterExtension
    final TempMqprobeHome home = new TempMqprobeHome();

    @Test
    void should_give_each_local_worker_and_broker_a_host_of_its_own_and_remove_them_after(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(io.mqprobe.embedded.isolation.IsolationOptions.unavailableReason().isEmpty(),
                "network namespaces need root");

        java.util.Set<String> before = namespaces();

        CliRun run = CliRun.of("e2e", "--brokers", "1", "--workers", "local:2", "--clients", "2", "--duration", "6s",
                "--warmup", "2s", "--throughput", "2000", "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
        assertThat(run.err()).contains("each broker and each worker in a network namespace of its own")
                .contains("2 local load workers, each in a network namespace of its own on the brokers' network")
                .containsPattern("local-\\d \\(10\\.\\d+\\.\\d+\\.\\d+:\\d+\\)");
        JsonNode step = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile()).get("scenarios").get(0)
                .get("steps").get(0);
        // both workers' halves arrived: each worker carried its share, and together more than one alone could (1,000 of
        // the 2,000 offered). Not pacing: a 6 s window on a busy 2-core machine read 2,306 and 2,541 (a schedule catching
        // up after a stall) and 1,499.55 (falling behind) in clean-clone suites
        double rate = step.get("recordsPerSecond").asDouble();
        assertThat(rate).isBetween(1_200.0, 3_000.0);
        assertThat(WorkerShares.of(step)).as(step.get("resources").toString()).hasSize(2)
                .allSatisfy(share -> assertThat(share).isBetween(0.3 * rate, 0.7 * rate));
        assertThat(step.get("consumed").get("lost").asLong()).isZero();
        assertThat(namespaces()).as("the brokers' and workers' namespaces are gone").isSubsetOf(before);
    }

    private static java.util.Set<String> namespaces() throws Exception {
        Process netns = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
        String listed = new String(netns.getInputStream().readAllBytes());
        assertThat(netns.waitFor()).isZero();
        return listed.lines().map(l -> l.split(" ")[0]).filter(n -> !n.isBlank()).collect(java.util.stream.Collectors.toSet());
    }
}
