package io.mqprobe.cli.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.FileTrees;
import io.mqprobe.cli.CliRun;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import io.mqprobe.result.ResultJson;
import io.mqprobe.run.ExitCode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A cluster of {@code mqprobe cluster up} under an mqprobe home of its own, for a chaos test class: faults must not
 * leak into the cluster the other test classes share. Started in {@code @BeforeAll}, closed in {@code @AfterAll}.
 */
final class ChaosCluster implements AutoCloseable {

    private final Path home;
    private final String previousHome;

    private ChaosCluster(Path home, String previousHome) {
        this.home = home;
        this.previousHome = previousHome;
    }

    /** Runs {@code mqprobe cluster up} with {@code upArgs} under a fresh home named after {@code homePrefix}. */
    static ChaosCluster up(String homePrefix, String... upArgs) throws IOException {
        String previousHome = System.getProperty("mqprobe.home");
        ChaosCluster cluster = new ChaosCluster(Files.createTempDirectory(homePrefix), previousHome);
        cluster.useHome();
        String[] args = new String[upArgs.length + 2];
        args[0] = "cluster";
        args[1] = "up";
        System.arraycopy(upArgs, 0, args, 2, upArgs.length);
        CliRun run = CliRun.of(args);
        if (run.exitCode() != 0) {
            cluster.close();   // what did start stops, and the previous home comes back
        }
        assertThat(run.exitCode()).as(run.err()).isZero();
        return cluster;
    }

    /** Points mqprobe at this cluster again (a shared-cluster test class may have moved the home since). */
    void useHome() {
        System.setProperty("mqprobe.home", home.toString());
    }

    /** {@code mqprobe chaos --out out} with a connect timeout for a loaded machine, then {@code args}. */
    CliRun chaos(Path out, String... args) {
        useHome();
        String[] all = new String[args.length + 5];
        all[0] = "chaos";
        all[1] = "--out";
        all[2] = out.toString();
        all[3] = "--connect-timeout";
        all[4] = "60s";
        System.arraycopy(args, 0, all, 5, args.length);
        return CliRun.of(all);
    }

    /** The brokers, attached through the state file {@code cluster up} left. */
    EmbeddedKafkaCluster brokers() {
        return EmbeddedKafkaCluster.attach(home.resolve("cluster")).orElseThrow();
    }

    /** The chaos verdict of the run written to {@code dir}. */
    static JsonNode verdict(Path dir) throws IOException {
        return ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile()).get("scenarios").get(0).get("verdict");
    }

    /**
     * The verdict of a chaos run that passed: it exited 0, acknowledged messages, lost and duplicated none of them,
     * and read the whole topic again to prove it.
     */
    static JsonNode verdictLosingNothing(CliRun run, Path dir) throws IOException {
        assertThat(run.exitCode()).as(run.err() + run.out()).isEqualTo(ExitCode.OK);
        JsonNode v = verdict(dir);
        assertThat(v.get("acknowledged").asLong()).isPositive();
        assertThat(v.get("lost").asLong()).isZero();
        assertThat(v.get("duplicated").asLong()).isZero();
        assertThat(v.get("logAudited").asBoolean()).as("the whole topic was read again: %s", v.get("auditNote")).isTrue();
        return v;
    }

    /** Stops the brokers, deletes the home and gives the previous one back. */
    @Override
    public void close() {
        EmbeddedKafkaCluster.attach(home.resolve("cluster")).ifPresent(EmbeddedKafkaCluster::close);
        FileTrees.delete(home);
        if (previousHome != null) {
            System.setProperty("mqprobe.home", previousHome);
        }
    }
}
