package io.mqprobe.cli.probe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.api.InstanceSpec;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.cli.CliRun;
import io.mqprobe.embedded.isolation.IsolationOptions;
import io.mqprobe.kafka.embedded.EmbeddedClusterOptions;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A broker under a CPU quota mqprobe is not told of: the test starts it in a cgroup of 0.3 cores (as root) and hands
 * {@code probe} only its bootstrap and JMX addresses, as a user hands a cluster mqprobe did not start. Its JVM counts
 * 0.3 cores as 1 processor; the verdict must still name that broker's CPU, judged against the quota its flight
 * recorder reports, with the throttling beside it. Skipped without root or cgroups.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class HiddenLimitProbeTest {

    private static EmbeddedKafkaCluster cluster;

    @BeforeAll
    static void start() {
        Assumptions.assumeTrue(Files.isWritable(Path.of("/sys/fs/cgroup/cpu")) || Files.isWritable(Path.of("/sys/fs/cgroup/cgroup.procs")),
                "needs root and cgroups");
        IsolationOptions quota = new IsolationOptions(InstanceSpec.parse("0.3c1g"), 0, true, null, 0);
        cluster = EmbeddedKafkaCluster.start(EmbeddedClusterOptions.defaults().withBrokers(1).withIsolation(quota));
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void should_name_the_cpu_of_a_broker_whose_quota_only_its_own_jvm_reports(@TempDir Path out) throws Exception {
        LocalBrokerProcess broker = cluster.brokers().get(0);

        // steps longer than the interval at which the broker's recording is read (5 s): its throttling readings arrive
        // with the read, and a 3-s step's could all come after the step was summarized (the CI run of 2026-12-01 had none)
        CliRun run = CliRun.of("probe", "--bootstrap", cluster.bootstrap(), "--jmx", broker.host() + ":" + broker.jmxPort(),
                "--scenarios", "single", "--no-ceilings", "--jvm-warmup", "0", "--step-warmup", "1s", "--step-duration", "6s",
                "--max-step-duration", "6s", "--sustainable-steps", "none", "--max-steps", "4", "--max-clients", "4", "--out", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).contains("broker-1 reports a CPU limit of 0.3 cores", "counts as 1 processor");
        JsonNode bottleneck = new ObjectMapper().readTree(out.resolve("result.json").toFile())
                .path("scenarios").get(0).path("verdict").path("bottleneck");
        assertThat(bottleneck.path("resource").asText()).as(bottleneck.toString()).isEqualTo("cpu");
        assertThat(bottleneck.path("source").asText()).isEqualTo("broker-1");
        assertThat(bottleneck.path("evidence").toString()).contains("/0.3 cores", "of its quota's periods: its container's CPU limit");
    }
}
