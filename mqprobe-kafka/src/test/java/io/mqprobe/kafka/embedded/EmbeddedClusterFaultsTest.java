package io.mqprobe.kafka.embedded;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.fault.AppliedFault;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.embedded.EmbeddedClusterException;
import io.mqprobe.embedded.FaultRunner;
import io.mqprobe.embedded.isolation.IsolationException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The faults of the method on the shared real cluster: kill -9, stop, restart, wipe, pause, and faults as data. Each test leaves every
 * broker running again. Broker 1 (the only controller) is spared: without it no leader can move.
 */
@ExtendWith(SharedKafkaCluster.class)
class EmbeddedClusterFaultsTest {

    private static final int MESSAGES = 50;

    private static Driver driver;
    private static String topic;

    @BeforeAll
    static void createTopic() {
        EmbeddedKafkaCluster cluster = SharedKafkaCluster.cluster();
        driver = Drivers.connect(new Target("kafka", cluster.bootstrap(), Map.of(), Duration.ofSeconds(10)));
        topic = "mqprobe-faults-" + Long.toHexString(System.nanoTime());
        driver.admin().createTopic(TopicSpec.of(topic, 3, 3));
    }

    @AfterAll
    static void deleteTopic() {
        if (driver != null) {
            driver.admin().deleteTopics(List.of(topic));
            driver.close();
        }
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void should_keep_serving_after_a_broker_is_killed_and_take_it_back_after_restart() {
        EmbeddedKafkaCluster cluster = SharedKafkaCluster.cluster();
        long oldPid = cluster.brokers().get(2).pid();

        cluster.kill(3);

        assertThat(cluster.brokers().get(2).pid()).isEqualTo(-1);
        assertThat(ProcessHandle.of(oldPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertRoundTrip("after-kill");

        cluster.restart(3);

        LocalBrokerProcess restarted = cluster.brokers().get(2);
        assertThat(restarted.running()).isTrue();
        assertThat(restarted.pid()).isNotEqualTo(oldPid);
        assertThat(driver.admin().describeBrokers()).hasSize(3);
        assertRoundTrip("after-restart");
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void should_serve_while_a_broker_is_stopped_and_rebuild_it_after_a_wipe() throws Exception {
        EmbeddedKafkaCluster cluster = SharedKafkaCluster.cluster();
        LocalBrokerProcess before = cluster.brokers().get(1);

        cluster.stop(2);

        assertThat(cluster.brokers().get(1).running()).isFalse();
        assertThat(ProcessHandle.of(before.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertRoundTrip("while-stopped");

        cluster.wipe(2);

        LocalBrokerProcess after = cluster.brokers().get(1);
        assertThat(after.running()).isTrue();
        assertThat(after.pid()).isNotEqualTo(before.pid());
        assertThat(Files.isDirectory(after.dataDir())).isTrue();
        assertRoundTrip("after-wipe");
        // the empty broker fetches every partition back and rejoins the in-sync replicas
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<PartitionInfo> partitions = driver.admin().describeTopic(topic);
        while (partitions.stream().anyMatch(PartitionInfo::underReplicated) && System.nanoTime() < deadline) {
            Thread.sleep(200);
            partitions = driver.admin().describeTopic(topic);
        }
        assertThat(partitions).noneMatch(PartitionInfo::underReplicated);
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void should_apply_faults_given_as_data_and_undo_them_after_their_duration() throws Exception {
        EmbeddedKafkaCluster cluster = SharedKafkaCluster.cluster();
        FaultRunner faults = new FaultRunner(cluster, FaultRunner.RoleResolver.NONE, new Random(1));
        long pausedPid = cluster.brokers().get(2).pid();

        AppliedFault pause = faults.apply(FaultSpec.parse("pause:broker-3+2s"));

        assertThat(pause.brokers()).containsExactly(3);
        assertThat(awaitState(pausedPid, "T")).isEqualTo('T');
        pause.undo();
        assertThat(awaitState(pausedPid, "SR")).isIn('S', 'R');

        long killedPid = cluster.brokers().get(2).pid();
        assertThat(faults.runFor(FaultSpec.parse("kill:broker-3+1s"))).isEmpty();

        assertThat(ProcessHandle.of(killedPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThat(cluster.brokers().get(2).running()).isTrue();
        assertRoundTrip("after-kill-as-data");
        assertThatThrownBy(() -> faults.apply(FaultSpec.parse("kill:leader")))
                .isInstanceOf(EmbeddedClusterException.class).hasMessageContaining("needs the cluster's admin");
        assertThatThrownBy(() -> faults.apply(FaultSpec.parse("partition:broker-2")))
                .isInstanceOf(IsolationException.class).hasMessageContaining("--broker-net");
    }

    /** The state letter of /proc/PID/stat (T stopped, S sleeping, R running) once it is one of {@code wanted}, or after 5 s. */
    private static char awaitState(long pid, String wanted) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        char state;
        do {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            state = stat.charAt(stat.lastIndexOf(')') + 2);
            if (wanted.indexOf(state) >= 0) {
                return state;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        return state;
    }

    /** Sends a batch tagged {@code batch} and reads it back completely with a fresh consumer group. */
    private static void assertRoundTrip(String batch) {
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        try (MessageProducer producer = driver.newProducer(ClientSettings.producer("faults-" + batch, Map.of("acks", "1")))) {
            for (int i = 0; i < MESSAGES; i++) {
                producer.send(topic, (batch + ":" + i).getBytes(StandardCharsets.UTF_8), i, (token, error) -> {
                    if (error != null) {
                        errors.add(error);
                    }
                });
            }
            producer.flush();
        }
        assertThat(errors).as("send errors " + batch).isEmpty();

        Set<String> seen = new HashSet<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try (MessageConsumer consumer = driver.newConsumer(ClientSettings.consumer("faults-" + batch, "faults-" + batch + "-" + System.nanoTime(), Map.of()))) {
            consumer.subscribe(List.of(topic));
            while (seen.size() < MESSAGES && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200), (partition, value) -> {
                    String text = new String(value, StandardCharsets.UTF_8);
                    if (text.startsWith(batch + ":")) {
                        seen.add(text);
                    }
                });
            }
        }
        assertThat(seen).as("messages of batch " + batch + " read back").hasSize(MESSAGES);
    }
}
