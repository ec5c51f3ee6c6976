package io.mqprobe.kafka.embedded;

import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.ClusterState;
import io.mqprobe.embedded.EmbeddedClusterException;
import io.mqprobe.embedded.RunDirs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Start, close, detach, attach and orphan handling, each on a small cluster of its own. */
class EmbeddedClusterLifecycleTest {

    @TempDir
    Path tmp;

    private final List<EmbeddedKafkaCluster> started = new ArrayList<>();
    private final List<Process> standIns = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        started.forEach(EmbeddedKafkaCluster::close);
        standIns.forEach(Process::destroyForcibly);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void should_stop_every_broker_and_delete_the_run_dir_on_close() {
        long startNs = System.nanoTime();
        EmbeddedKafkaCluster cluster = start(options(1, tmp.resolve("run")), ProcessHandle.current().pid());
        System.err.printf("1-broker cluster started in %.1f s%n", (System.nanoTime() - startNs) / 1e9);
        List<Long> pids = cluster.brokers().stream().map(LocalBrokerProcess::pid).toList();
        assertThat(pids).hasSize(1).allMatch(pid -> pid > 0);
        assertThat(cluster.bootstrap()).matches("127\\.0\\.0\\.1:\\d+");

        cluster.close();

        assertThat(pids).noneMatch(EmbeddedClusterLifecycleTest::alive);
        assertThat(cluster.runDir()).doesNotExist();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void should_halt_its_brokers_when_the_process_that_started_them_dies() throws Exception {
        Process starter = standIn();
        EmbeddedKafkaCluster cluster = start(options(1, tmp.resolve("run")), starter.pid());
        long brokerPid = cluster.brokers().get(0).pid();
        assertThat(alive(brokerPid)).isTrue();

        starter.destroyForcibly().waitFor();

        assertThat(awaitGone(brokerPid, Duration.ofSeconds(30))).as("broker outlived its starter").isTrue();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void should_outlive_its_starter_once_detached_and_be_driven_after_attach() throws Exception {
        Process starter = standIn();
        Path runDir = tmp.resolve("detached");
        EmbeddedKafkaCluster cluster = start(options(1, runDir), starter.pid());
        long brokerPid = cluster.brokers().get(0).pid();

        cluster.detach();
        starter.destroyForcibly().waitFor();
        Thread.sleep(2_000);   // the broker's watcher notices a dead starter within a few hundred ms

        assertThat(alive(brokerPid)).isTrue();
        Optional<EmbeddedKafkaCluster> attached = EmbeddedKafkaCluster.attach(runDir);
        assertThat(attached).isPresent();
        assertThat(attached.get().bootstrap()).isEqualTo(cluster.bootstrap());
        assertThat(attached.get().brokers()).extracting(LocalBrokerProcess::pid).containsExactly(brokerPid);
        try (Driver driver = Drivers.connect(new Target("kafka", attached.get().bootstrap(), Map.of(), Duration.ofSeconds(10)))) {
            driver.admin().createTopic(TopicSpec.of("mqprobe-attached", 1, 1));
            assertThat(driver.admin().listTopics()).contains("mqprobe-attached");
        }

        attached.get().close();

        assertThat(alive(brokerPid)).isFalse();
        assertThat(runDir).doesNotExist();
        assertThat(EmbeddedKafkaCluster.attach(runDir)).isEmpty();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void should_report_a_broker_that_cannot_start_with_its_log() {
        EmbeddedClusterOptions broken = options(1, tmp.resolve("broken")).withBrokerOverrides(Map.of("num.network.threads", "-1"));

        assertThatThrownBy(() -> start(broken, ProcessHandle.current().pid()))
                .isInstanceOfSatisfying(EmbeddedClusterException.class, e -> {
                    assertThat(e.getMessage()).contains("broker-1 exited").doesNotContain("\n");
                    assertThat(e.logTail()).contains("num.network.threads");
                });
        assertThat(tmp.resolve("broken/broker-1/console.log")).exists();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void should_clean_up_a_stale_state_whose_brokers_are_gone() throws Exception {
        Path runDir = tmp.resolve("stale");
        long deadPid = deadPid();
        Files.createDirectories(runDir.resolve("broker-1"));
        Files.writeString(runDir.resolve(RunDirs.MARKER), "");
        state(true, deadPid, deadPid).write(runDir);

        assertThat(EmbeddedKafkaCluster.attach(runDir)).isEmpty();

        assertThat(runDir).doesNotExist();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void should_remove_only_stale_run_dirs_of_its_own() throws Exception {
        Path stale = tmp.resolve("old-run");
        Files.createDirectories(stale);
        Files.writeString(stale.resolve(RunDirs.MARKER), "");
        long deadOwner = deadPid();
        state(false, deadOwner, deadOwner).write(stale);
        Path ownerAlive = Files.createDirectories(tmp.resolve("brokers-killed-by-a-running-test"));
        Files.writeString(ownerAlive.resolve(RunDirs.MARKER), "");
        state(false, ProcessHandle.current().pid(), -1).write(ownerAlive);
        Path foreign = Files.createDirectories(tmp.resolve("someone-elses"));
        Files.writeString(foreign.resolve(ClusterState.FILE), "broker.count=1\n");

        int removed = EmbeddedKafkaCluster.removeStaleRunDirs(tmp);

        assertThat(removed).isEqualTo(1);
        assertThat(stale).doesNotExist();
        assertThat(ownerAlive).exists();
        assertThat(foreign.resolve(ClusterState.FILE)).exists();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void should_keep_a_detached_cluster_whose_brokers_were_all_stopped_on_purpose() throws Exception {
        Path runDir = tmp.resolve("all-down");
        Files.createDirectories(runDir.resolve("broker-1"));
        Files.writeString(runDir.resolve(RunDirs.MARKER), "");
        state(true, deadPid(), -1).write(runDir);

        Optional<EmbeddedKafkaCluster> attached = EmbeddedKafkaCluster.attach(runDir);

        assertThat(attached).isPresent();
        assertThat(attached.get().anyRunning()).isFalse();
        assertThat(attached.get().brokers()).extracting(LocalBrokerProcess::pid).containsExactly(-1L);
        attached.get().close();
        assertThat(runDir).doesNotExist();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void should_refuse_a_run_dir_holding_files_it_did_not_make() throws IOException {
        Path runDir = Files.createDirectories(tmp.resolve("precious"));
        Files.writeString(runDir.resolve("thesis.txt"), "do not delete");

        assertThatThrownBy(() -> start(options(1, runDir), ProcessHandle.current().pid()))
                .isInstanceOf(EmbeddedClusterException.class)
                .hasMessageContaining("not empty");
        assertThat(runDir.resolve("thesis.txt")).hasContent("do not delete");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_reject_options_out_of_range_as_usage_errors() {
        EmbeddedClusterOptions defaults = EmbeddedClusterOptions.defaults();

        assertThatThrownBy(() -> defaults.withBrokers(0)).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> defaults.withBrokers(10)).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> defaults.withHeapBytes(1 << 20)).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> defaults.withStartTimeout(Duration.ZERO)).isInstanceOf(UsageException.class);
        assertThat(defaults.withBrokers(1).brokers()).isEqualTo(1);
    }

    private EmbeddedKafkaCluster start(EmbeddedClusterOptions options, long watchedPid) {
        EmbeddedKafkaCluster cluster = EmbeddedKafkaCluster.start(options, watchedPid, System.err::println);
        started.add(cluster);
        return cluster;
    }

    private static EmbeddedClusterOptions options(int brokers, Path runDir) {
        return EmbeddedClusterOptions.defaults().withBrokers(brokers).withRunDir(runDir)
                .withHeapBytes(512L << 20).withStartTimeout(Duration.ofSeconds(90));
    }

    /** A process standing in for the mqprobe that started the brokers, so the test can kill it. */
    private Process standIn() throws IOException {
        Process p = new ProcessBuilder("sleep", "300").start();
        standIns.add(p);
        return p;
    }

    /** A state file as a cluster of one broker would write it. */
    private static ClusterState state(boolean detached, long ownerPid, long brokerPid) {
        return new ClusterState("id", detached, ownerPid, Map.of("heap.bytes", Long.toString(1L << 30), "start.timeout.ms", "60000"),
                List.of(new ClusterState.Node(1, "broker-1", brokerPid, "127.0.0.1", 11, Map.of("port", 9, "controller.port", 10))));
    }

    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static boolean awaitGone(long pid, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (alive(pid) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        return !alive(pid);
    }
}
