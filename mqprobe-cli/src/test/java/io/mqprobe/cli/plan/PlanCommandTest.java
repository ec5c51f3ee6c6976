package io.mqprobe.cli.plan;

import io.mqprobe.cli.CliRun;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code mqprobe plan} as a user runs it: on the RocketMQ article's figures, on a client-limited probe, on bad input. */
@Timeout(30)
class PlanCommandTest {

    /** The article's figures as a result document, shipped for docs/plan.md. */
    private static final Path ARTICLE = Path.of("../examples/rocketmq-article-result.json");

    /** One Kafka scenario over 6 partitions, RF 3, on 3 brokers; its bottleneck decides whether it is a lower bound. */
    private static final String PROBE = """
            {"schema": "mqprobe.result/v2", "command": "probe", "complete": true,
             "target": {"driver": "kafka", "brokers": [{"id": 1}, {"id": 2}, {"id": 3}]},
             "ceilings": {"nicBytesPerSecond": 1.25e9, "nicSource": "configured"},
             "scenarios": [{"name": "replicated-all", "topic": {"partitions": 6, "replicationFactor": 3, "placement": "broker-chosen"},
               "producer": {"recordSizeBytes": 1024},
               "steps": [{"index": 5, "resources": [{"source": "broker-1", "metric": "cpu.cores", "mean": 1.0, "capacity": 2.0}]}],
               "verdict": {"kind": "probe", "ceiling": {"step": 2, "recordsPerSecond": 90000, "bytesPerSecond": 92160000},
                 "sustainable": {"step": 5, "recordsPerSecond": 60000, "bytesPerSecond": 61440000, "limitedBy": "broker-1 CPU 80 %% > 75 %%"},
                 "bottleneck": {"resource": "%s", "source": "%s", "summary": "", "evidence": []}}}]}
            """;

    @TempDir
    Path dir;

    @Test
    void should_reach_the_rocketmq_articles_layout_from_its_figures() {
        CliRun run = CliRun.of("plan", "--from", ARTICLE.toString(), "--peak", "50k/s", "--retention", "72h",
                "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        assertThat(run.out()).contains("2 masters, 4 slaves, 3 name servers")
                .contains("max(⌈25.0 MB/s ÷ (35.0 MB/s × 70 % usable)⌉ = 2")
                .contains("35.0 MB/s (70,000 msgs/s) per master");
        assertThat(dir.resolve("plan.json")).content().contains("\"schema\" : \"mqprobe.plan/v1\"").contains("\"masters\"");
        assertThat(dir.resolve("plan.md")).content().startsWith("# Capacity plan");
        assertThat(dir.resolve("capacity.json")).doesNotExist();      // Cruise Control balances Kafka only
        assertThat(dir.resolve("report.html")).content().contains("id=\"plan\"").contains("2 masters, 4 slaves, 3 name servers");
    }

    @Test
    void should_plan_a_kafka_probe_and_write_cruise_control_capacity() throws IOException {
        Path result = write("result.json", PROBE.formatted("cpu", "broker-1"));

        CliRun run = CliRun.of("plan", "--from", result.toString(), "--peak", "100k/s", "--record-size", "1KiB",
                "--retention", "72h", "--replication-factor", "3");

        // 61.44 MB/s × 3 ÷ 3 = 61.44 per broker; max(⌈307.2 ÷ 43.008⌉ = 8, ⌈307.2 ÷ 61.44⌉ + 1 = 6, 3) = 8
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.OK);
        assertThat(run.out()).contains("8 brokers, 3 KRaft controllers").contains("first to run out of CPU, NIC: CPU");
        assertThat(dir.resolve("capacity.json")).content().contains("\"brokerId\" : \"-1\"").contains("\"NW_IN\" : \"1220703\"");
        assertThat(dir.resolve("capacityCores.json")).content().contains("\"num.cores\" : \"2\"");
        // the plan stays with the result: mqprobe report renders it again
        CliRun report = CliRun.of("report", result.toString());
        assertThat(report.exitCode()).as(report.err()).isEqualTo(ExitCode.OK);
        assertThat(dir.resolve("report.html")).content().contains("Capacity plan").contains("8 brokers");
    }

    @Test
    void should_refuse_a_client_limited_probe_in_one_line_unless_accepted() throws IOException {
        Path result = write("result.json", PROBE.formatted("co-limited", "broker-1+client"));

        CliRun refused = CliRun.of("plan", "--from", result.toString(), "--peak", "100k/s");
        assertThat(refused.exitCode()).isEqualTo(ExitCode.RUN_FAILED);
        assertThat(refused.out().lines().filter(l -> l.startsWith("refused: "))).singleElement()
                .asString().contains("only a lower bound").contains("--accept-lower-bound");
        assertThat(dir.resolve("plan.json")).doesNotExist();

        CliRun accepted = CliRun.of("plan", "--from", result.toString(), "--peak", "100k/s", "--accept-lower-bound");
        assertThat(accepted.exitCode()).as(accepted.err()).isEqualTo(ExitCode.OK);
        assertThat(accepted.out()).contains("note: rests on a lower bound");
    }

    @Test
    void should_reject_bad_input_in_one_line() throws IOException {
        Path result = write("result.json", PROBE.formatted("cpu", "broker-1"));
        for (String[] args : new String[][]{
                {"plan", "--from", result.toString(), "--peak", "lots"},
                {"plan", "--from", result.toString(), "--peak", "1k/s", "--headroom", "120%"},
                {"plan", "--from", result.toString(), "--peak", "1k/s", "--retention", "forever"},
                {"plan", "--from", dir.resolve("missing.json").toString(), "--peak", "1k/s"}}) {
            CliRun run = CliRun.of(args);
            assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(run.errLines()).as(run.err()).isEqualTo(1);   // a flag picocli converts adds its "Try --help" hint
        }
    }

    @Test
    void should_name_the_flag_of_a_bad_percentage_or_horizon() throws IOException {
        Path result = write("result.json", PROBE.formatted("cpu", "broker-1"));
        String[][] cases = {
                {"--headroom", "lots", "bad --headroom 'lots' (a percentage, e.g. 30%)"},
                {"--growth", "fast", "bad --growth 'fast' (a percentage, e.g. 30%)"},
                {"--horizon", "soon", "bad --horizon 'soon' (years, e.g. 2 or 1.5y)"}};
        for (String[] c : cases) {
            CliRun run = CliRun.of("plan", "--from", result.toString(), "--peak", "1k/s", c[0], c[1]);
            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(run.err()).contains(c[2]);
            assertThat(run.errLines()).isEqualTo(1);
        }
    }

    private Path write(String name, String json) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, json);
        return file;
    }
}
