package io.mqprobe.cli.worker;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.cli.CliProcess;
import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.SharedCliCluster;
import io.mqprobe.result.ResultJson;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Load commands with {@code --workers local:N} (worker JVMs this test's command starts) against the shared embedded cluster. */
@ExtendWith(SharedCliCluster.class)
@Timeout(180)
class WorkersCommandTest {

    /** The worker JVMs a command of this test started and has not stopped. */
    /**
     * Waits until both workers run and the run's periodically written result holds seconds of their load (on a busy
     * machine joining and connecting take a while): a kill then falls inside the step, not before it.
     */
    private static void awaitLoadSeconds(Path dir) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Path result = dir.resolve("result.json");
        while (workerProcesses().size() < 2 || !Files.exists(result)
                || ResultJson.MAPPER.readTree(result.toFile()).path("intervals").size() < 2) {
            assertThat(System.nanoTime()).as("the workers started and loaded").isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static List<ProcessHandle> workerProcesses() {
        return ProcessHandle.current().descendants().filter(WorkersCommandTest::isWorker).toList();
    }

    /** A worker JVM of {@code --workers local:N}, by the tag first on its command line. */
    private static boolean isWorker(ProcessHandle process) {
        return process.info().commandLine().map(c -> c.contains(" -Dmqprobe.worker=")).orElse(false);
    }

    @Test
    void should_split_the_load_over_two_local_workers_lose_nothing_and_stop_them_after(@TempDir Path dir) throws Exception {
        // the control channel over TLS, with a keystore made as docs/distributed.md shows
        ControlKeystore tls = ControlKeystore.in(dir);
        Path keystore = tls.keystore();
        Path password = tls.passwordFile();

        CliRun run = CliRun.of("e2e", "--workers", "local:2", "--clients", "2", "--duration", "8s", "--warmup", "2s",
                "--throughput", "3000", "--control-tls", keystore.toString(), "--control-tls-password-file", password.toString(),
                "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
        assertThat(run.err() + run.out()).doesNotContain("fleet-password");
        // each worker with its clock's offset to the coordinator's, measured over the control channel ("(corrected)"
        // when the offset is large enough to matter, as on a loaded host)
        assertThat(run.err()).containsPattern("2 load workers: local-\\d \\(127\\.0\\.0\\.1:\\d+\\) clock [+-]\\d+\\.\\d\\d ms "
                + "\u00b1\\d+\\.\\d\\d ms( \\(corrected\\))?, local-\\d");
        JsonNode doc = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
        JsonNode step = doc.get("scenarios").get(0).get("steps").get(0);
        assertThat(doc.get("loadWorkers")).hasSize(2).allSatisfy(w -> {
            assertThat(w.get("name").asText()).startsWith("local-");
            assertThat(w.get("clockUncertaintyUs").asLong()).isNotNegative();
        });
        // both workers' producers measured as one load, every acknowledged message read once: each worker carried its
        // half, and together more than one half could. Not pacing: a loaded machine falls behind the offered 3,000/s, or
        // catches up after a stall within the window (3,300.04 in a clean-clone suite); one worker sending twice reads 6,000
        double rate = step.get("recordsPerSecond").asDouble();
        assertThat(rate).isBetween(1_800.0, 4_500.0);
        assertThat(WorkerShares.of(step)).as(step.get("resources").toString()).hasSize(2)
                .allSatisfy(share -> assertThat(share).isBetween(0.3 * rate, 0.7 * rate));
        assertThat(step.get("consumed").get("lost").asLong()).isZero();
        assertThat(step.get("consumed").get("duplicates").asLong()).isZero();
        assertThat(step.get("consumed").get("lossCheckedAgainstAcks").asBoolean()).isTrue();
        assertThat(workerProcesses()).as("the run stopped the workers it started").isEmpty();
    }

    @Test
    void should_consume_a_topic_over_two_local_workers_as_one_group_and_read_every_message_once(@TempDir Path dir)
            throws Exception {
        String topic = "mqprobe-it-workers-" + System.nanoTime();
        CliRun produce = CliRun.of("produce", "--topic", topic, "--create-topic", "--partitions", "4", "--num-records", "60000",
                "--record-size", "200", "--keep-topics", "--no-monitor", "--out", dir.resolve("p").toString());
        assertThat(produce.exitCode()).as(produce.err()).isZero();

        CliRun consume = CliRun.of("consume", "--topic", topic, "--workers", "local:2", "--consumer-threads", "4",
                "--messages", "60000", "--duration", "60s", "--no-monitor", "--out", dir.resolve("c").toString());

        assertThat(consume.exitCode()).as(consume.err() + consume.out()).isZero();
        assertThat(consume.err()).contains("2 load workers: local-");
        JsonNode consumeStep = ResultJson.MAPPER.readTree(dir.resolve("c").resolve("result.json").toFile())
                .get("scenarios").get(0).get("steps").get(0);
        JsonNode consumed = consumeStep.get("consumed");
        // each worker's own CPU and what it read, as a producer worker's rows are
        List<String> workerRows = new java.util.ArrayList<>();
        consumeStep.get("resources").forEach(r -> {
            if (r.get("source").asText().startsWith("client:local-")) {
                workerRows.add(r.get("source").asText() + " " + r.get("metric").asText());
            }
        });
        assertThat(workerRows).contains("client:local-1 cpu.cores", "client:local-2 cpu.cores",
                "client:local-1 client.consumed.per_s", "client:local-2 client.consumed.per_s");
        // the two workers' threads shared the group's partitions; their bookkeeping merged finds every message once
        assertThat(consumed.get("records").asLong()).as(consume.err() + consume.out()).isEqualTo(60000);
        assertThat(consumed.get("lost").asLong()).isZero();
        assertThat(consumed.get("duplicates").asLong()).isZero();
        assertThat(workerProcesses()).isEmpty();
    }

    @Test
    void should_stop_within_seconds_and_keep_the_partial_result_when_a_worker_is_killed(@TempDir Path dir) throws Exception {
        CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of("produce", "--workers", "local:2",
                "--clients", "2", "--duration", "60s", "--throughput", "2000", "--out", dir.toString()));
        awaitLoadSeconds(dir);
        long killedAt = System.nanoTime();
        workerProcesses().get(0).destroyForcibly();

        CliRun run = running.get(60, TimeUnit.SECONDS);

        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killedAt)).as("noticed within seconds").isLessThan(30);
        assertThat(run.exitCode()).as(run.err() + run.out()).isNotZero();
        assertThat(run.err()).contains("load worker local-").contains("stopped answering");
        JsonNode doc = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
        assertThat(doc.get("complete").asBoolean()).isFalse();
        assertThat(doc.get("intervals").size()).as("the seconds before the loss are kept").isPositive();
        assertThat(workerProcesses()).as("the other worker was stopped too").isEmpty();
    }

    @Test
    void should_go_on_with_the_other_worker_and_say_so_when_one_is_killed_under_continue(@TempDir Path dir) throws Exception {
        CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of("produce", "--workers", "local:2",
                "--on-worker-loss", "continue", "--clients", "2", "--duration", "24s", "--throughput", "2000",
                "--out", dir.toString()));
        awaitLoadSeconds(dir);
        long killedAtMs = System.currentTimeMillis();
        workerProcesses().get(0).destroyForcibly();

        CliRun run = running.get(90, TimeUnit.SECONDS);

        assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
        assertThat(run.err()).contains("stopped answering").contains("going on without it (--on-worker-loss continue)");
        JsonNode doc = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
        assertThat(doc.get("complete").asBoolean()).isTrue();
        // the survivor's share (half the offered 2,000/s) went on to the end, the lost worker's stopped at its kill:
        // the seconds that began after the kill carry one half. When the kill falls (the test waits for the periodic
        // result write) moves the step's rate between the two, so the seconds are what is judged
        List<Double> afterKill = new java.util.ArrayList<>();
        doc.get("intervals").forEach(row -> {
            if (row.get("phase").asText().equals("measure") && row.get("epochMs").asLong() - 1000 > killedAtMs + 1000) {
                afterKill.add(row.get("ackedPerSecond").asDouble());
            }
        });
        assertThat(afterKill).as("seconds measured after the kill").hasSizeGreaterThanOrEqualTo(3);
        // the median: the run's last row is the few milliseconds of its end, with nothing acknowledged in them
        assertThat(io.mqprobe.api.stats.Estimate.median(afterKill.stream().mapToDouble(Double::doubleValue).toArray()))
                .as("seconds after the kill: %s", afterKill).isBetween(800.0, 1_250.0);
        double rate = doc.get("scenarios").get(0).get("steps").get(0).get("recordsPerSecond").asDouble();
        assertThat(rate).isBetween(900.0, 2_100.0);
        assertThat(workerProcesses()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"INT", "TERM"})
    void should_stop_every_worker_it_started_and_delete_their_token_when_the_coordinator_is_signalled(String signal,
                                                                                                  @TempDir Path dir) throws Exception {
        List<Path> tokenDirsBefore = tokenDirs();
        Process coordinator = startCoordinator(dir);
        List<ProcessHandle> workers;
        try {
            workers = awaitTwoWorkerProcesses(coordinator, dir);
            Thread.sleep(6_000);   // joined and loading
            signal(coordinator, signal);
        } finally {
            coordinator.destroyForcibly();
        }

        // TERM (what Kubernetes sends a pod) stops the run as Ctrl-C does: partial result, report, its own exit code
        assertThat(coordinator.exitValue()).as(Files.readString(dir.resolve("produce.log")))
                .isEqualTo(signal.equals("INT") ? ExitCode.INTERRUPTED : ExitCode.TERMINATED);
        assertThat(ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile()).get("interrupted").asBoolean()).isTrue();
        assertThat(dir.resolve("report.html")).exists();
        assertThat(workers).as("every worker it started is gone").noneMatch(ProcessHandle::isAlive);
        assertThat(tokenDirs()).as("the workers' token directory is deleted").isEqualTo(tokenDirsBefore);
    }

    @Test
    void should_stop_its_workers_when_terminated_while_they_are_still_joining(@TempDir Path dir) throws Exception {
        List<Path> tokenDirsBefore = tokenDirs();
        Process coordinator = startCoordinator(dir);
        List<ProcessHandle> workers;
        try {
            workers = awaitTwoWorkerProcesses(coordinator, dir);
            signal(coordinator, "TERM");   // their JVMs are starting: none has joined yet
        } finally {
            coordinator.destroyForcibly();
        }

        // TERM's own code, as when it lands during the load: the wait it ended threw an InterruptedException, once read as 130
        assertThat(coordinator.exitValue()).as(Files.readString(dir.resolve("produce.log"))).isEqualTo(ExitCode.TERMINATED);
        JsonNode result = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
        assertThat(result.get("interrupted").asBoolean()).isTrue();
        assertThat(result.path("failure").isTextual()).as("a signal, not a failure, ended it").isFalse();
        assertThat(workers).as("every worker it started is gone").noneMatch(ProcessHandle::isAlive);
        assertThat(tokenDirs()).as("the workers' token directory is deleted").isEqualTo(tokenDirsBefore);
    }

    /** A coordinator JVM of its own, so that the test can signal it: two local workers producing for a minute. */
    private static Process startCoordinator(Path dir) throws java.io.IOException {
        return CliProcess.start(dir.resolve("produce.log"), List.of("produce", "--workers", "local:2", "--clients", "2",
                "--duration", "60s", "--throughput", "1000", "--out", dir.toString()));
    }

    private static List<ProcessHandle> awaitTwoWorkerProcesses(Process coordinator, Path dir) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<ProcessHandle> workers;
        do {
            Thread.sleep(100);
            workers = coordinator.descendants().filter(WorkersCommandTest::isWorker).toList();
        } while (workers.size() < 2 && System.nanoTime() < deadline && coordinator.isAlive());
        assertThat(workers).as(Files.readString(dir.resolve("produce.log"))).hasSize(2);
        return workers;
    }

    /** Sends {@code signal} and waits for the coordinator to exit: it stops its workers before it does. */
    private static void signal(Process coordinator, String signal) throws Exception {
        new ProcessBuilder("kill", "-" + signal, String.valueOf(coordinator.pid())).start().waitFor();
        assertThat(coordinator.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }

    /** The private directories of local workers (token and logs) in the temporary directory. */
    private static List<Path> tokenDirs() throws java.io.IOException {
        try (var all = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return all.filter(p -> p.getFileName().toString().startsWith("mqprobe-workers-")).sorted().toList();
        }
    }

    @Test
    void should_refuse_bad_worker_flags_in_one_line_before_anything_starts(@TempDir Path dir) throws Exception {
        CliRun zero = CliRun.of("produce", "--workers", "local:0", "--duration", "1s", "--out", dir.toString());
        CliRun loss = CliRun.of("produce", "--workers", "local:2", "--on-worker-loss", "retry", "--duration", "1s",
                "--out", dir.toString());
        CliRun noToken = CliRun.of("produce", "--workers", "2", "--duration", "1s", "--out", dir.toString());
        Path token = dir.resolve("token");
        Files.writeString(token, "a-shared-secret-of-some-length\n");
        CliRun nobodyThere = CliRun.of("worker", "--coordinator", "127.0.0.1:1", "--token-file", token.toString());
        CliRun tlsWithoutPassword = CliRun.of("produce", "--workers", "local:1", "--control-tls", "fleet.p12", "--duration", "1s",
                "--out", dir.toString());
        CliRun tlsInProcess = CliRun.of("produce", "--control-tls", "fleet.p12", "--control-tls-password-file", token.toString(),
                "--duration", "1s", "--out", dir.toString());
        CliRun tlsUnreadable = CliRun.of("worker", "--coordinator", "127.0.0.1:1", "--token-file", token.toString(),
                "--control-tls", dir.resolve("none.p12").toString(), "--control-tls-password-file", token.toString());

        assertThat(zero.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(zero.err()).contains("bad --workers 'local:0'");
        assertThat(noToken.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(noToken.err()).contains("needs --token-file");
        assertThat(nobodyThere.exitCode()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(nobodyThere.err()).contains("cannot join the coordinator at 127.0.0.1:1").doesNotContain("a-shared-secret");
        assertThat(loss.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(loss.err()).contains("bad --on-worker-loss 'retry': expected stop or continue");
        assertThat(tlsWithoutPassword.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(tlsWithoutPassword.err()).contains("--control-tls needs --control-tls-password-file");
        assertThat(tlsInProcess.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(tlsInProcess.err()).contains("--control-tls secures the channel to load workers");
        assertThat(tlsUnreadable.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(tlsUnreadable.err()).contains("cannot read the control channel's keystore").doesNotContain("a-shared-secret");
        assertThat(zero.errLines() + noToken.errLines() + nobodyThere.errLines() + loss.errLines()
                + tlsWithoutPassword.errLines() + tlsInProcess.errLines() + tlsUnreadable.errLines()).isEqualTo(7);
    }
}
