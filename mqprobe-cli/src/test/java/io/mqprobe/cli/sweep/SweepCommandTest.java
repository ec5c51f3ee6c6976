package io.mqprobe.cli.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.BrokerSetting;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.Target;
import io.mqprobe.cli.CliProcess;
import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.SharedCliCluster;
import io.mqprobe.experiment.ConfigJournal;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import io.mqprobe.result.ResultJson;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code sweep} end to end on the shared 3-broker cluster: codecs ranked with client metrics and charts,
 * broker settings restored after Ctrl-C, a journal left by a kill -9 replayed by the next run, bad input
 * refused before any load.
 */
@ExtendWith(SharedCliCluster.class)
@Timeout(300)
class SweepCommandTest {

    private static final String KEY = "num.replica.fetchers";
    private static Driver driver;

    @BeforeAll
    static void connect() {
        String bootstrap = EmbeddedKafkaCluster.attach(Path.of(System.getProperty("mqprobe.home")).resolve("cluster"))
                .orElseThrow().bootstrap();
        driver = Drivers.connect(new Target("kafka", bootstrap, Map.of(), Duration.ofSeconds(20)));
    }

    @AfterAll
    static void disconnect() {
        if (driver != null) {
            driver.close();
        }
    }

    @Test
    void should_rank_codecs_with_spreads_client_metrics_and_a_chart_per_metric(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("sweep", "--vary", "compression.type=none,lz4", "--payload", "compressible:0.5",
                "--rate", "1000", "--step-warmup", "1s", "--step-duration", "2s", "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode doc = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
        JsonNode scenarios = doc.get("scenarios");
        assertThat(scenarios).hasSize(4);
        // A B B A
        assertThat(List.of(scenarios.get(0).get("name").asText(), scenarios.get(1).get("name").asText(),
                scenarios.get(2).get("name").asText(), scenarios.get(3).get("name").asText()))
                .containsExactly("compression.type=none #1", "compression.type=lz4 #1", "compression.type=lz4 #2",
                        "compression.type=none #2");
        for (JsonNode s : scenarios) {
            JsonNode verdict = s.get("verdict");
            assertThat(verdict.get("kind").asText()).isEqualTo("sweep");
            assertThat(verdict.get("failure").isNull()).as(verdict.toString()).isTrue();
            double wire = verdict.get("metrics").get("client.compression_rate").asDouble();
            // the client's own compression-rate-avg: a half-compressible payload shrinks under lz4, not under none
            if (s.get("name").asText().contains("lz4")) {
                assertThat(wire).isLessThan(0.8);
            } else {
                assertThat(wire).isEqualTo(1.0);
            }
            assertThat(verdict.get("metrics").get("latency.p99_ms").asDouble()).isPositive();
        }
        List<String> lines = ResultJson.MAPPER.convertValue(doc.get("summary").get("lines"),
                ResultJson.MAPPER.getTypeFactory().constructCollectionType(List.class, String.class));
        assertThat(lines.get(0)).startsWith("compression.type (p99 at");
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("compression.type=none (baseline)"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("compression.type=lz4").contains("% ±"));
        assertThat(doc.get("summary").get("headline").asText()).matches("(Use|Keep) compression\\.type=.*");
        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).contains("id=\"sweep\"").contains("client compression rate");
        assertThat(run.out()).contains("compression.type=lz4");
    }

    @Test
    void should_restore_every_brokers_setting_when_interrupted_halfway(@TempDir Path dir) throws Exception {
        Map<Integer, BrokerSetting> before = settings();
        int overridden = before.keySet().iterator().next();
        // one broker with its own override, so the restore must set a value back, not only remove ours
        driver.admin().alterBrokerConfig(overridden, Map.of(KEY, "2"));
        before = settings();
        try {
            Process sweep = start(dir, "sweep", "--vary", "broker:" + KEY + "=1,4", "--rate", "200", "--step-warmup", "1s",
                    "--step-duration", "4s", "--out", dir.resolve("run").toString());
            try {
                awaitValue("4", sweep, dir);
                new ProcessBuilder("kill", "-INT", String.valueOf(sweep.pid())).start().waitFor();
                assertThat(sweep.waitFor(120, TimeUnit.SECONDS)).isTrue();
            } finally {
                sweep.destroyForcibly();
            }
            assertThat(sweep.exitValue()).as(log(dir)).isEqualTo(ExitCode.INTERRUPTED);
            assertThat(settings()).isEqualTo(before);
            assertThat(Files.readString(dir.resolve("run").resolve(ConfigJournal.FILE_NAME))).contains("\"restored\"");
        } finally {
            driver.admin().alterBrokerConfig(overridden, java.util.Collections.singletonMap(KEY, null));
        }
    }

    @Test
    void should_replay_the_journal_a_killed_run_left_when_the_next_run_starts(@TempDir Path dir) throws Exception {
        Map<Integer, BrokerSetting> before = settings();
        Process sweep = start(dir, "sweep", "--vary", "broker:" + KEY + "=1,4", "--rate", "200", "--step-warmup", "1s",
                "--step-duration", "4s", "--out", dir.resolve("killed").toString());
        try {
            awaitValue("4", sweep, dir);
        } finally {
            sweep.destroyForcibly();   // SIGKILL: no hook, no restore
            sweep.waitFor(60, TimeUnit.SECONDS);
        }
        assertThat(settings().values()).as("the killed run left its change behind").anyMatch(s -> "4".equals(s.value()));

        CliRun next = CliRun.of("sweep", "--vary", "acks=1,all", "--rate", "200", "--step-warmup", "0s", "--step-duration", "1s",
                "--out", dir.resolve("next").toString());

        assertThat(next.exitCode()).as(next.err()).isZero();
        assertThat(next.err()).contains("restored 3 broker setting(s) left changed by an earlier run");
        assertThat(settings()).isEqualTo(before);
    }

    @Test
    void should_refuse_unknown_static_and_rejected_broker_settings_before_any_load(@TempDir Path dir) throws Exception {
        Map<String, String> refusals = Map.of(
                "broker:no.such.setting=1,2", "unknown broker setting 'no.such.setting'",
                "broker:log.dirs=/a,/b", "'log.dirs' is part of the embedded cluster's layout",
                "broker:queued.max.requests=100,lots", "the broker would not start with queued.max.requests=lots",
                "broker:" + KEY + "=1,-5", KEY);
        int i = 0;
        for (Map.Entry<String, String> refusal : refusals.entrySet()) {
            Path out = dir.resolve("r" + i++);
            CliRun run = CliRun.of("sweep", "--vary", refusal.getKey(), "--rate", "100", "--out", out.toString());
            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(run.err()).contains(refusal.getValue());
            assertThat(run.err().lines().filter(l -> l.contains(refusal.getValue()))).hasSize(1);
            assertThat(ResultJson.MAPPER.readTree(out.resolve("result.json").toFile()).get("scenarios")).isEmpty();
        }
    }

    @Test
    void should_refuse_a_static_broker_setting_on_a_cluster_mqprobe_did_not_start(@TempDir Path dir) throws Exception {
        String bootstrap = EmbeddedKafkaCluster.attach(Path.of(System.getProperty("mqprobe.home")).resolve("cluster"))
                .orElseThrow().bootstrap();

        CliRun run = CliRun.of("sweep", "--bootstrap", bootstrap, "--allow-destructive", "--vary", "broker:queued.max.requests=100,200",
                "--rate", "100", "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err().lines().filter(l -> l.contains("static broker setting"))).singleElement().asString()
                .contains("only on an embedded Kafka cluster mqprobe started");
        assertThat(ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile()).get("scenarios")).isEmpty();
    }

    private static Map<Integer, BrokerSetting> settings() {
        Map<Integer, BrokerSetting> values = new HashMap<>();
        for (BrokerInfo b : driver.admin().describeBrokers()) {
            values.put(b.id(), driver.admin().brokerSetting(b.id(), KEY));
        }
        assertThat(values).hasSize(SharedCliCluster.BROKERS);
        return values;
    }

    private static void awaitValue(String value, Process sweep, Path dir) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
        while (System.nanoTime() < deadline && sweep.isAlive()) {
            if (settings().values().stream().anyMatch(s -> value.equals(s.value()))) {
                return;
            }
            Thread.sleep(300);
        }
        throw new AssertionError("no broker got " + KEY + "=" + value + "; the sweep said:\n" + log(dir));
    }

    private static Process start(Path dir, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(args));
        // a cold JVM beside the test's own and the shared brokers on 2 cores: its first DescribeCluster once took
        // longer than the default 10 s (suite of 2026-12-04 08:25), and that is not what these tests are about
        command.addAll(List.of("--connect-timeout", "60s"));
        return CliProcess.start(dir.resolve("sweep.log"), command);
    }

    private static String log(Path dir) throws Exception {
        Path log = dir.resolve("sweep.log");
        return Files.exists(log) ? Files.readString(log) : "(no log)";
    }
}
