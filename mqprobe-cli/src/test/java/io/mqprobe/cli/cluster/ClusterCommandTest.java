package io.mqprobe.cli.cluster;

import io.mqprobe.cli.Main;
import io.mqprobe.cli.TempMqprobeHome;
import io.mqprobe.cli.target.TargetOptions;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import io.mqprobe.run.target.ClusterSession;
import io.mqprobe.run.target.MqprobeHome;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code mqprobe cluster ...} through {@code Main.run}, with a temporary mqprobe home. */
class ClusterCommandTest {

    @RegisterExtension
    final TempMqprobeHome home = new TempMqprobeHome();

    private StringWriter out;
    private StringWriter err;

    @AfterEach
    void bringDownWhatATestLeftUp() {
        EmbeddedKafkaCluster.attach(MqprobeHome.clusterDir("kafka")).ifPresent(EmbeddedKafkaCluster::close);
    }

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    private List<String> errLines() {
        return err.toString().lines().toList();
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void should_fail_with_exit_3_and_one_line_within_10_s_when_the_bootstrap_does_not_answer() {
        long startNs = System.nanoTime();

        int code = run("cluster", "status", "--bootstrap", "127.0.0.1:1");

        assertThat(Duration.ofNanos(System.nanoTime() - startNs)).isLessThan(Duration.ofSeconds(10));
        assertThat(code).isEqualTo(3);
        assertThat(errLines()).containsExactly("mqprobe: Couldn't connect to Kafka at 127.0.0.1:1 within 10s");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_fail_with_exit_2_naming_an_unreadable_command_config() {
        Path missing = home.dir().resolve("client.properties");

        int code = run("cluster", "status", "--bootstrap", "127.0.0.1:1", "--command-config", missing.toString());

        assertThat(code).isEqualTo(2);
        assertThat(errLines()).hasSize(1);
        assertThat(errLines().get(0)).startsWith("mqprobe: ").contains(missing.toString());
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_fail_with_exit_2_on_a_bad_connect_timeout() {
        int code = run("cluster", "status", "--bootstrap", "127.0.0.1:1", "--connect-timeout", "forever");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("bad duration 'forever'");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_say_so_when_no_cluster_is_up() {
        assertThat(run("cluster", "status")).isZero();
        assertThat(out.toString()).contains("no embedded cluster is up");

        assertThat(run("cluster", "down")).isZero();
        assertThat(out.toString()).contains("no embedded cluster is up");

        assertThat(run("cluster", "kill", "--broker", "1")).isEqualTo(2);
        assertThat(errLines()).containsExactly("mqprobe: no embedded cluster is up; start one with 'mqprobe cluster up'");
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void should_bring_a_cluster_up_share_it_break_it_and_bring_it_down() {
        assertThat(run("cluster", "up", "--brokers", "1", "--heap", "512MiB")).as(err.toString()).isZero();
        assertThat(err.toString()).matches("starting embedded Kafka \\(1 broker\\) \\.\\.\\. ready in \\d+\\.\\d s\\R");
        EmbeddedKafkaCluster up = EmbeddedKafkaCluster.attach(MqprobeHome.clusterDir("kafka")).orElseThrow();
        long firstPid = up.brokers().get(0).pid();
        assertThat(out.toString()).contains("bootstrap  " + up.bootstrap()).contains(Long.toString(firstPid));

        assertThat(run("cluster", "up", "--brokers", "1")).isEqualTo(2);
        assertThat(errLines()).singleElement().asString().contains("already up");

        assertThat(run("cluster", "status")).isZero();
        assertThat(out.toString()).containsPattern("(?m)^1\\s+" + firstPid + "\\s+127.0.0.1\\s+\\d+\\s+\\d+\\s+yes\\s+");

        StringWriter progress = new StringWriter();
        try (ClusterSession session = ClusterSession.open(parse().conclude(), 3, new PrintWriter(progress, true))) {
            assertThat(session.embedded()).isTrue();
            assertThat(session.target().bootstrap()).isEqualTo(up.bootstrap());
            assertThat(session.localBrokers()).extracting(b -> b.pid()).containsExactly(firstPid);
            assertThat(progress.toString()).contains("cluster up");
        }
        assertThat(alive(firstPid)).as("a session must not stop the cluster of 'cluster up'").isTrue();

        assertThat(run("cluster", "kill", "--broker", "1")).isZero();
        assertThat(out.toString()).contains("broker 1 killed (was pid " + firstPid + ")");
        assertThat(alive(firstPid)).isFalse();
        assertThat(run("cluster", "status")).isZero();
        assertThat(out.toString()).containsPattern("(?m)^1\\s+-\\s+127.0.0.1\\s+\\d+\\s+\\d+\\s+no\\s+");

        assertThat(run("cluster", "restart", "--broker", "1")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("broker 1 restarted");
        long restartedPid = EmbeddedKafkaCluster.attach(MqprobeHome.clusterDir("kafka")).orElseThrow().brokers().get(0).pid();
        assertThat(restartedPid).isPositive().isNotEqualTo(firstPid);

        assertThat(run("cluster", "wipe", "--broker", "1")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("broker 1 wiped and restarted");
        long wipedPid = EmbeddedKafkaCluster.attach(MqprobeHome.clusterDir("kafka")).orElseThrow().brokers().get(0).pid();

        assertThat(run("cluster", "down")).isZero();
        assertThat(out.toString()).contains("stopped 1 broker");
        assertThat(alive(wipedPid)).isFalse();
        assertThat(MqprobeHome.clusterDir("kafka")).doesNotExist();
        assertThat(run("cluster", "status")).isZero();
        assertThat(out.toString()).contains("no embedded cluster is up");
    }

    @Command(name = "session")
    static final class Holder {
        @Mixin
        TargetOptions target;
    }

    private static TargetOptions parse(String... args) {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs(args);
        return holder.target;
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
