package io.mqprobe.cli.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.cli.CliRun;
import io.mqprobe.result.ResultJson;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.mqprobe.cli.chaos.ChaosCluster.verdict;
import static io.mqprobe.cli.chaos.ChaosCluster.verdictLosingNothing;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What needs the brokers confined: the faults {@code partition} and {@code slow-disk} through {@code mqprobe chaos},
 * and local load workers as hosts of their own on the brokers' network, on a 3-broker cluster of its own with each broker in a network namespace and a cgroup ({@code --broker-net}, as
 * root). A partition takes the broker's host-side link down: no broker and no client reaches it. A slow disk
 * rewrites the broker's cgroup write throttle; on cgroup v1 only writes the broker forces to disk meet it, so the
 * topic flushes every 50 messages here. Skipped without root and cgroups.
 *
 * <p>Each test runs over 60 s on the shared 2-core machine: the load is ~20 s, then the drain, the full-ISR wait
 * and the read of the whole topic the verdict needs.
 */
@Timeout(240)
class ChaosIsolatedFaultsTest {

    private static ChaosCluster cluster;

    @BeforeAll
    static void up() throws Exception {
        Assumptions.assumeTrue(Files.isWritable(Path.of("/sys/fs/cgroup/cpu")) || Files.isWritable(Path.of("/sys/fs/cgroup/cgroup.procs")),
                "needs root and cgroups");
        cluster = ChaosCluster.up("mqprobe-chaos-isolated-home", "--brokers", "3", "--broker-net", "1gbit");
    }

    @AfterAll
    static void down() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void should_move_leadership_off_a_partitioned_broker_and_lose_nothing_acknowledged(@TempDir Path dir) throws Exception {
        // cut off longer than the brokers' 9 s session: the controller fences it and its partitions get new leaders
        CliRun run = cluster.chaos(dir, "--fault", "partition:broker-2@4s+12s", "--duration", "22s", "--throughput", "500");

        JsonNode fault = verdictLosingNothing(run, dir).get("faults").get(0);
        assertThat(fault.get("outcome").asText()).isEqualTo("done");
        assertThat(fault.get("brokers").get(0).asInt()).isEqualTo(2);
        assertThat(fault.get("undoneAfterMs").asLong()).isGreaterThanOrEqualTo(12_000);
        assertThat(fault.get("newLeaderAfterMs").asLong()).as("its partitions were led elsewhere").isPositive();
    }

    @Test
    void should_slow_the_acknowledgements_while_a_replica_disk_is_throttled_and_lose_nothing(@TempDir Path dir) throws Exception {
        // every broker holds a replica of every partition (RF 3, acks=all): 100 KB/s on one disk holds back all writes
        CliRun run = cluster.chaos(dir, "--fault", "slow-disk:broker-2@4s+8s=100KB/s", "--duration", "18s", "--throughput", "500",
                "--topic-config", "flush.messages=50");

        assertThat(run.exitCode()).as(run.err() + run.out()).isEqualTo(ExitCode.OK);
        JsonNode v = verdict(dir);
        assertThat(v.get("lost").asLong()).isZero();
        assertThat(v.get("logAudited").asBoolean()).as("the whole topic was read again: %s", v.get("auditNote")).isTrue();
        JsonNode fault = v.get("faults").get(0);
        assertThat(fault.get("outcome").asText()).isEqualTo("done");
        assertThat(fault.get("undoneAfterMs").asLong()).isGreaterThanOrEqualTo(8_000);
        assertThat(fault.get("lowestAckedPerSecond").asDouble()).as("the throttle held the acknowledgements back")
                .isLessThan(fault.get("baselineAckedPerSecond").asDouble() / 2);
    }

    @Test
    void should_run_each_local_worker_in_a_network_namespace_of_its_own_on_the_brokers_network(@TempDir Path dir)
            throws Exception {
        cluster.useHome();
        CliRun run = CliRun.of("e2e", "--workers", "local:2", "--clients", "2", "--duration", "6s", "--warmup", "2s",
                "--throughput", "1000", "--no-monitor", "--connect-timeout", "60s", "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err() + run.out()).isEqualTo(ExitCode.OK);
        assertThat(run.err()).contains("2 local load workers, each in a network namespace of its own on the brokers' network")
                .containsPattern("local-\\d \\(10\\.\\d+\\.\\d+\\.10[12]:\\d+\\)");
        JsonNode consumed = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile()).get("scenarios").get(0)
                .get("steps").get(0).get("consumed");
        assertThat(consumed.get("lost").asLong()).isZero();
        assertThat(consumed.get("records").asLong()).isPositive();
        Process netns = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
        assertThat(new String(netns.getInputStream().readAllBytes())).as("the workers' namespaces are gone")
                .doesNotContain("-load-");
    }
}
