package io.mqprobe.cli.load;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.SharedCliCluster;
import io.mqprobe.result.ResultJson;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** produce, consume and e2e end to end against the shared embedded 3-broker cluster. */
@ExtendWith(SharedCliCluster.class)
@Timeout(180)
class LoadCommandsTest {

    private static JsonNode result(Path dir) throws Exception {
        return ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
    }

    @Test
    void should_deliver_everything_exactly_once_and_see_every_broker_in_e2e(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("e2e", "--duration", "10s", "--warmup", "3s", "--throughput", "4000", "--partitions", "6",
                "--replication-factor", "3", "--out", dir.toString(), "--fail-if", "lost > 0", "--fail-if", "duplicates > 0");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("gate passed: lost > 0 (e2e 0)").contains("gate passed: duplicates > 0 (e2e 0)");
        JsonNode doc = result(dir);
        assertThat(doc.get("complete").asBoolean()).isTrue();
        JsonNode step = doc.get("scenarios").get(0).get("steps").get(0);
        assertThat(step.get("records").asLong()).isGreaterThan(10_000);
        JsonNode consumed = step.get("consumed");
        assertThat(consumed.get("lost").asLong()).isZero();
        assertThat(consumed.get("duplicates").asLong()).isZero();
        assertThat(consumed.get("lossCheckedAgainstAcks").asBoolean()).isTrue();
        assertThat(step.get("e2eLatencyUs").get("p99").asDouble()).isPositive();
        assertThat(Files.exists(dir.resolve("report.html"))).isTrue();

        Set<String> cpuSources = new HashSet<>();
        double leaderBytesIn = 0;
        for (JsonNode r : step.get("resources")) {
            String metric = r.get("metric").asText();
            String source = r.get("source").asText();
            if (metric.equals(Metric.CPU_CORES)) {
                cpuSources.add(source);
            }
            if (metric.equals(Metric.BYTES_IN_BPS) && source.startsWith("broker-")) {
                leaderBytesIn += r.get("mean").asDouble();
            }
        }
        assertThat(cpuSources).contains("broker-1", "broker-2", "broker-3", "client");
        // what the brokers' leaders took in is what the producer got acknowledged (batch overhead aside)
        double acked = step.get("bytesPerSecond").asDouble();
        assertThat(leaderBytesIn).isCloseTo(acked, within(acked * 0.10));
        assertThat(doc.get("timeline").size()).isGreaterThan(30);
        assertThat(doc.get("intervals").size()).isGreaterThanOrEqualTo(10);
    }

    @Test
    void should_exit_1_with_a_line_and_a_junit_failure_for_a_broken_gate(@TempDir Path dir) throws Exception {
        Path junit = dir.resolve("gates.xml");
        CliRun run = CliRun.of("produce", "--num-records", "5000", "--record-size", "100", "--no-monitor",
                "--out", dir.resolve("run").toString(), "--fail-if", "throughput > 1KB/s", "--fail-if", "errors > 0",
                "--junit", junit.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.RUN_FAILED);
        assertThat(run.out()).containsPattern("gate BROKEN: throughput > 1KB/s \\(produce \\d+\\.\\d MB/s\\)")
                .contains("gate passed: errors > 0 (produce 0)");
        assertThat(Files.readString(junit)).contains("tests=\"2\" failures=\"1\"")
                .contains("<testcase classname=\"mqprobe.gates\" name=\"errors &gt; 0\"/>");
    }

    @Test
    void should_print_perf_test_lines_and_consume_what_was_produced(@TempDir Path dir) throws Exception {
        String topic = "mqprobe-it-" + System.nanoTime();
        CliRun produce = CliRun.of("produce", "--topic", topic, "--create-topic", "--partitions", "3",
                "--num-records", "20000", "--record-size", "200", "--format", "perf-test", "--keep-topics",
                "--no-monitor", "--out", dir.resolve("p").toString());
        assertThat(produce.exitCode()).as(produce.err()).isZero();
        assertThat(produce.out().lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse(""))
                .matches("20000 records sent, [0-9.]+ records/sec \\([0-9.]+ MB/sec\\), [0-9.]+ ms avg latency, [0-9.]+ ms max latency, "
                        + "\\d+ ms 50th, \\d+ ms 95th, \\d+ ms 99th, \\d+ ms 99.9th\\.");

        CliRun consume = CliRun.of("consume", "--topic", topic, "--messages", "20000", "--duration", "60s",
                "--no-monitor", "--out", dir.resolve("c").toString());
        assertThat(consume.exitCode()).as(consume.err()).isZero();
        JsonNode consumed = result(dir.resolve("c")).get("scenarios").get(0).get("steps").get(0).get("consumed");
        assertThat(consumed.get("records").asLong()).isEqualTo(20000);
        assertThat(consumed.get("lost").asLong()).isZero();
        assertThat(consumed.get("duplicates").asLong()).isZero();
    }

    @Test
    void should_measure_sync_sends_with_one_message_in_flight_per_thread(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("produce", "--sync", "--threads", "4", "--duration", "4s", "--record-size", "512",
                "--no-monitor", "--out", dir.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode step = result(dir).get("scenarios").get(0).get("steps").get(0);
        assertThat(step.get("records").asLong()).isPositive();
        // with one message in flight, a send waits for the previous ack: service latency bounds the rate
        double perThread = step.get("recordsPerSecond").asDouble() / 4;
        double meanServiceSeconds = step.get("serviceLatencyUs").get("mean").asDouble() / 1e6;
        assertThat(perThread * meanServiceSeconds).isLessThanOrEqualTo(1.05);
    }

    @Test
    void should_refuse_a_missing_topic_with_exit_2(@TempDir Path dir) {
        CliRun run = CliRun.of("produce", "--topic", "no-such-topic", "--duration", "2s", "--out", dir.toString());
        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains("topic 'no-such-topic' does not exist");
    }
}
