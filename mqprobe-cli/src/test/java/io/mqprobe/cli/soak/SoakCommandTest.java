package io.mqprobe.cli.soak;

import com.fasterxml.jackson.databind.JsonNode;
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

import static org.assertj.core.api.Assertions.assertThat;

/** {@code mqprobe soak} end to end on the shared embedded cluster, and its refusals before any cluster is touched. */
@ExtendWith(SharedCliCluster.class)
@Timeout(180)
class SoakCommandTest {

    @Test
    void should_hold_a_low_rate_and_write_the_minutes_a_verdict_and_where_the_catch_up_group_read(@TempDir Path dir) throws Exception {
        // one minute cut short by the end (the minutes' boundaries are SoakJudgeTest's); a catch-up group 5 s behind.
        // The SLO is wide: this soak is about its minutes, and the shared cluster's brokers may meet replication factor 3
        // cold here (a clean-clone suite of 2026-12-01 broke it: the host's CPU at 95 %, the p99 at 491 ms)
        CliRun run = CliRun.of("soak", "--throughput", "2000", "--duration", "25s", "--warmup", "2s", "--jvm-warmup", "0s", "--catch-up", "5s",
                "--slo-p99", "10s", "--partitions", "3", "--replication-factor", "3", "--out", dir.toString());

        JsonNode v = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile()).get("scenarios").get(0).get("verdict");
        assertThat(v.get("kind").asText()).isEqualTo("soak");
        assertThat(run.exitCode()).as(v.get("headline").asText() + "\n" + run.err()).isEqualTo(ExitCode.OK);
        assertThat(v.get("held").asBoolean()).isTrue();
        assertThat(v.get("minutes")).hasSize(1);
        JsonNode first = v.get("minutes").get(0);
        assertThat(first.get("seconds").asInt()).isBetween(24, 27);
        assertThat(first.get("ackedPerSecond").asDouble()).isBetween(1800.0, 2200.0);
        assertThat(first.get("p99Ms").asDouble()).isPositive();
        assertThat(first.get("catchUpLagS").asDouble()).as("the catch-up group read its lag behind").isBetween(4.75, 7.0);
        assertThat(first.get("brokers").size()).isEqualTo(SharedCliCluster.BROKERS);
        assertThat(v.get("cache").toString()).contains("the catch-up group").containsPattern("reads [4-6]\\.\\d s behind");
        // the headline gives the rate carried, not the one asked: 2,000 records of 1 KiB a second read 2.0 or 2.1 MB/s
        assertThat(v.get("headline").asText()).matches("held [12]\\.\\d MB/s for 2\\d s: .*");
        assertThat(run.out()).contains(v.get("headline").asText()).contains("minute").contains("residency").contains("1*");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("Soak, minute by minute");
    }

    @Test
    void should_hold_a_lower_rate_on_a_fresh_topic_when_the_rate_asked_broke(@TempDir Path dir) throws Exception {
        // an SLO no acknowledgement meets: every rate breaks on it, so the correction runs and breaks as well
        CliRun run = CliRun.of("soak", "--throughput", "1000", "--duration", "10s", "--warmup", "0s", "--jvm-warmup", "0s",
                "--slo-p99", "1us", "--corrections", "1", "--partitions", "3", "--replication-factor", "1",
                "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.RUN_FAILED);
        JsonNode scenarios = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile()).get("scenarios");
        assertThat(scenarios).extracting(s -> s.get("name").asText()).containsExactly("soak", "soak-2");
        assertThat(scenarios.get(1).get("topic").get("name").asText()).isNotEqualTo(scenarios.get(0).get("topic").get("name").asText());
        for (JsonNode s : scenarios) {
            assertThat(s.get("verdict").get("brokeBy").asText()).startsWith("p99 ").contains(" > SLO ");
        }
        JsonNode lower = scenarios.get(1).get("verdict").get("minutes").get(0);
        assertThat(lower.get("ackedPerSecond").asDouble()).as("a fifth below the 1,000/s asked").isBetween(700.0, 900.0);
        assertThat(run.out()).containsPattern("correction 1 \\([0-9.]+ [kM]B/s\\) broke at .*; the rate asked \\(1\\.0 MB/s\\) broke at ");
    }

    @Test
    void should_refuse_a_soak_without_a_rate_or_with_a_bad_lag_in_one_line_before_any_cluster() {
        CliRun noRate = CliRun.of("soak", "--duration", "1m");
        CliRun badLag = CliRun.of("soak", "--throughput", "1000", "--catch-up", "10m");
        CliRun badRate = CliRun.of("soak", "--throughput", "fast");
        CliRun missingFrom = CliRun.of("soak", "--from", "/nonexistent/result.json");
        CliRun tooManyCorrections = CliRun.of("soak", "--throughput", "1000", "--corrections", "9");

        for (CliRun run : new CliRun[]{noRate, badLag, badRate, missingFrom, tooManyCorrections}) {
            assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(run.errLines()).as(run.err()).isEqualTo(1);
            assertThat(run.millis()).isLessThan(5_000);
        }
        assertThat(noRate.err()).contains("give the rate to hold");
        assertThat(badLag.err()).contains("--catch-up").contains("a catch-up lag is between 1s and 4m (or start");
        assertThat(badRate.err()).contains("bad --throughput 'fast' (messages: 100k/s");
        assertThat(missingFrom.err()).contains("cannot read --from /nonexistent/result.json");
        assertThat(tooManyCorrections.err()).contains("--corrections is between 0 and 4, got 9");
    }
}
