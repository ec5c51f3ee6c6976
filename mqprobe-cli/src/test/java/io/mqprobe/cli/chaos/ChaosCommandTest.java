package io.mqprobe.cli.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.cli.CliRun;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import io.mqprobe.result.ResultJson;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.mqprobe.cli.chaos.ChaosCluster.verdict;
import static io.mqprobe.cli.chaos.ChaosCluster.verdictLosingNothing;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code mqprobe chaos} end to end on a 3-broker embedded cluster of its own (faults must not leak into the
 * cluster other test classes share), started once for the class like {@code mqprobe cluster up}.
 */
@Timeout(240)
class ChaosCommandTest {

    private static ChaosCluster cluster;

    @BeforeAll
    static void up() throws Exception {
        cluster = ChaosCluster.up("mqprobe-chaos-test-home", "--brokers", "3");
    }

    @AfterAll
    static void down() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void should_lose_nothing_acknowledged_when_the_leader_is_killed_and_restarted(@TempDir Path dir) throws Exception {
        CliRun run = cluster.chaos(dir, "--fault", "kill:leader@4s", "--fault", "restart:leader@10s", "--duration", "18s",
                "--throughput", "500");

        JsonNode v = verdictLosingNothing(run, dir);
        assertThat(v.get("kind").asText()).isEqualTo("chaos");
        assertThat(v.get("lossCheckedAgainstAcks").asBoolean()).isTrue();
        JsonNode kill = v.get("faults").get(0);
        assertThat(kill.get("outcome").asText()).isEqualTo("done");
        assertThat(kill.get("newLeaderAfterMs").asLong()).isPositive();
        JsonNode restart = v.get("faults").get(1);
        // the restart went to the broker the kill took down, not to whichever broker led by then
        assertThat(restart.get("brokers")).isEqualTo(kill.get("brokers"));
        assertThat(restart.get("fullIsrAfterMs").isNumber()).as("back in full ISR").isTrue();
        assertThat(run.out()).contains("unavailable").contains("full ISR").contains("lost 0, duplicated 0");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("kill:leader");
    }

    @Test
    void should_report_a_planted_loss_and_exit_1_when_the_only_replica_is_wiped(@TempDir Path dir) throws Exception {
        // one replica: what was acknowledged before the broker's data is deleted at 5 s is gone for good, whether or
        // not the consumers had read it; the topic read again after the load holds only what came after the wipe
        CliRun run = cluster.chaos(dir, "--fault", "wipe:leader@5s", "--duration", "12s", "--throughput", "500",
                "--partitions", "1", "--replication-factor", "1");

        assertThat(run.exitCode()).as(run.err() + run.out()).isEqualTo(ExitCode.RUN_FAILED);
        assertThat(run.out()).contains("FAILED");
        JsonNode v = verdict(dir);
        assertThat(v.get("logAudited").asBoolean()).as("the wiped broker serves its partition again, empty: "
                + v.get("auditNote").asText()).isTrue();
        assertThat(v.get("lost").asLong()).isPositive().isLessThanOrEqualTo(v.get("acknowledged").asLong());
        assertThat(v.get("problems").get(0).asText()).contains("acknowledged messages lost");
    }

    @Test
    void should_bring_every_broker_back_after_all_down_and_lose_nothing_acknowledged(@TempDir Path dir) throws Exception {
        // all-down kills broker 1 too, the only controller: the undo starts it first, so the others can register.
        // Over 60 s on 2 shared cores: three brokers start one after the other, then the full-ISR wait and the read
        // of the whole topic; the load itself is 14 s.
        CliRun run = cluster.chaos(dir, "--fault", "all-down@4s+2s", "--duration", "14s", "--throughput", "500");

        JsonNode v = verdictLosingNothing(run, dir);
        JsonNode fault = v.get("faults").get(0);
        assertThat(fault.get("brokers").toString()).isEqualTo("[1,2,3]");
        assertThat(fault.get("undoneAfterMs").asLong()).isGreaterThanOrEqualTo(2_000);
        assertThat(fault.get("unavailableMs").asLong()).as("no broker answers while all are down").isPositive();
        assertThat(cluster.brokers().brokers()).allSatisfy(b -> assertThat(b.running()).isTrue());
    }

    @Test
    void should_resume_a_paused_broker_and_measure_the_stall(@TempDir Path dir) throws Exception {
        CliRun run = cluster.chaos(dir, "--fault", "pause:broker-2@3s+4s", "--fault", "stop:broker-3@9s+3s", "--duration", "16s",
                "--throughput", "500");

        assertThat(run.exitCode()).as(run.err() + run.out()).isEqualTo(ExitCode.OK);
        JsonNode faults = verdict(dir).get("faults");
        assertThat(faults.get(0).get("brokers").get(0).asInt()).isEqualTo(2);
        assertThat(faults.get(0).get("undoneAfterMs").asLong()).isGreaterThanOrEqualTo(4_000);
        assertThat(faults.get(1).get("outcome").asText()).isEqualTo("done");
        assertThat(faults.get(1).get("undoneAfterMs").asLong()).isGreaterThanOrEqualTo(3_000);
    }

    @Test
    void should_run_fault_commands_with_the_brokers_values_substituted(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("faults.log");
        CliRun run = cluster.chaos(dir.resolve("run"), "--fault", "kill:broker-2@3s+2s", "--duration", "8s", "--throughput", "300",
                "--allow-destructive",
                "--fault-cmd", "kill=echo kill {id} {host} {port} {pid} >> " + log,
                "--fault-cmd", "start=echo start {id} >> " + log);

        assertThat(run.exitCode()).as(run.err() + run.out()).isEqualTo(ExitCode.OK);
        String[] lines = Files.readString(log).strip().split("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).matches("kill 2 127\\.0\\.0\\.1 \\d+ \\d+");
        assertThat(lines[1]).isEqualTo("start 2");
    }

    /**
     * Waits until the run's periodically written result holds a second of load: the guard watches the brokers by then,
     * so a kill falls inside the run, not before it.
     */
    private static void awaitLoadRunning(Path dir) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Path result = dir.resolve("result.json");
        while (!Files.exists(result) || ResultJson.MAPPER.readTree(result.toFile()).path("intervals").isEmpty()) {
            assertThat(System.nanoTime()).as("the run started its load").isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    @Test
    void should_end_a_produce_run_within_bounded_time_when_a_broker_dies_unplanned(@TempDir Path dir) throws Exception {
        cluster.useHome();
        CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of("produce", "--duration", "120s",
                "--throughput", "500", "--connect-timeout", "60s", "--out", dir.toString()));
        EmbeddedKafkaCluster brokers = cluster.brokers();
        awaitLoadRunning(dir);
        brokers.kill(3);
        CliRun run;
        try {
            // the broker leaves the cluster after its 9 s session timeout and the guard looks every 2 s; a guard stuck
            // behind an admin call to the dead broker (60 s with this connect timeout) ends the run too late for this
            run = running.get(45, TimeUnit.SECONDS);
        } finally {
            brokers.restart(3);
        }

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.RUN_FAILED);
        assertThat(run.err()).contains("mqprobe: stopping the run: broker 3");
        JsonNode doc = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
        assertThat(doc.get("complete").asBoolean()).isFalse();
        assertThat(doc.get("failure").asText()).contains("broker 3");
    }

    @Test
    void should_refuse_fault_commands_without_allow_destructive_in_one_line(@TempDir Path dir) {
        CliRun run = cluster.chaos(dir, "--fault", "kill:broker-1@1s", "--fault-cmd", "kill=true");

        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.errLines()).isEqualTo(1);
        assertThat(run.err()).contains("--allow-destructive");
        assertThat(run.millis()).isLessThan(5_000);
    }

    @Test
    void should_refuse_a_fault_without_a_command_for_it(@TempDir Path dir) {
        CliRun run = cluster.chaos(dir, "--fault", "pause:broker-1@1s+1s", "--allow-destructive", "--fault-cmd", "pause=true");

        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains("resume=COMMAND");
    }
}
