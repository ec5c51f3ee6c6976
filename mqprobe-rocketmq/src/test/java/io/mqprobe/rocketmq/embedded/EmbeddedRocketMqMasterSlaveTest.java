package io.mqprobe.rocketmq.embedded;

import io.mqprobe.embedded.SyncMode;
import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The field article's layout, one master and two slaves with synchronous replication, as real RocketMQ JVMs:
 * replication, and the faults (kill -9, restart, wipe) that {@code chaos} and {@code cluster} use.
 * One cluster for the class; tests run in order because the faults change it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EmbeddedRocketMqMasterSlaveTest {

    private static EmbeddedRocketMqCluster cluster;
    private static Driver driver;
    private static DefaultMQAdminExt admin;
    /** Indexes of the messages the cluster acknowledged: every one must survive the faults. */
    private static final Set<Long> ACKED = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private static final String TOPIC = "mqprobe-ms-" + Long.toHexString(System.nanoTime());

    @BeforeAll
    static void start() throws Exception {
        long startNs = System.nanoTime();
        cluster = EmbeddedRocketMqCluster.start(RocketMqClusterOptions.defaults()
                .withLayout(RocketMqLayout.masterSlave(SyncMode.SYNC, SyncMode.ASYNC))
                .withBrokerHeapBytes(512L << 20));
        System.err.printf("master + 2 slaves started in %.1f s%n", (System.nanoTime() - startNs) / 1e9);
        driver = Drivers.connect(new Target("rocketmq", cluster.nameServer(), Map.of(), Duration.ofSeconds(10)));
        driver.admin().createTopic(TopicSpec.of(TOPIC, 2, 3));
        admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(cluster.nameServer());
        admin.setInstanceName("ms-test-" + System.nanoTime());
        admin.start();
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.shutdown();
        }
        if (driver != null) {
            driver.close();
        }
        if (cluster != null) {
            cluster.close();
            assertThat(cluster.runDir()).doesNotExist();
        }
    }

    @Test
    @Order(1)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void should_describe_one_master_and_two_slaves_holding_every_queue() {
        assertThat(cluster.brokers()).extracting(LocalBrokerProcess::brokerId).containsExactly(1, 2, 3);
        assertThat(cluster.brokers()).allSatisfy(b -> assertThat(b.running()).isTrue());
        assertThat(cluster.nodeIds()).containsExactly(1, 2, 3, 4);
        assertThat(driver.admin().describeBrokers()).extracting(b -> b.id()).containsExactly(1, 2, 3);
        assertThat(driver.admin().brokerConfig(1)).containsEntry("brokerRole", "SYNC_MASTER");
        assertThat(driver.admin().brokerConfig(2)).containsEntry("brokerRole", "SLAVE");

        List<PartitionInfo> queues = driver.admin().describeTopic(TOPIC);

        assertThat(queues).hasSize(2).allSatisfy(q -> {
            assertThat(q.leader()).isEqualTo(1);
            assertThat(q.replicas()).containsExactly(1, 2, 3);
        });
    }

    @Test
    @Order(2)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void should_acknowledge_sync_sends_only_once_the_slaves_copied_them() {
        List<Throwable> errors = send(0, 300);

        assertThat(errors).isEmpty();
        // every slave's commit log reached the master's
        long master = commitLogMaxOffset(1);
        assertThat(master).isPositive();
        assertThat(commitLogMaxOffset(2)).isEqualTo(master);
        assertThat(commitLogMaxOffset(3)).isEqualTo(master);
    }

    @Test
    @Order(3)
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void should_refuse_sync_sends_while_no_slave_replicates() {
        cluster.kill(2);
        cluster.kill(3);
        try {
            List<Throwable> errors = send(10_000, 1);

            // a sync master without a replicating slave does not acknowledge the message as stored
            assertThat(errors).as("errors of a sync send with both slaves down").hasSize(1);
        } finally {
            cluster.restart(2);
            cluster.restart(3);
        }
        assertThat(send(10_001, 1)).isEmpty();
    }

    @Test
    @Order(4)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void should_keep_acknowledged_messages_across_a_kill_and_restart_of_the_master() {
        long pidBefore = cluster.brokers().get(0).pid();

        cluster.kill(1);
        assertThat(cluster.brokers().get(0).running()).isFalse();
        long restartNs = System.nanoTime();
        cluster.restart(1);
        System.err.printf("master restarted in %.1f s%n", (System.nanoTime() - restartNs) / 1e9);

        assertThat(cluster.brokers().get(0).pid()).isPositive().isNotEqualTo(pidBefore);
        long sendNs = System.nanoTime();
        assertThat(send(300, 100)).isEmpty();
        System.err.printf("100 sync sends after the restart in %.1f s%n", (System.nanoTime() - sendNs) / 1e9);
        long consumeNs = System.nanoTime();
        assertThat(consumeIndexes(Set.copyOf(ACKED))).containsAll(ACKED);
        System.err.printf("400 consumed in %.1f s%n", (System.nanoTime() - consumeNs) / 1e9);
    }

    @Test
    @Order(5)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void should_refill_a_wiped_slave_from_the_master() throws Exception {
        long master = commitLogMaxOffset(1);

        long wipeNs = System.nanoTime();
        cluster.wipe(3);
        System.err.printf("slave wiped and restarted in %.1f s%n", (System.nanoTime() - wipeNs) / 1e9);

        assertThat(Files.exists(cluster.runDir().resolve("broker-3/store/commitlog"))).isTrue();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (commitLogMaxOffset(3) < master && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(commitLogMaxOffset(3)).isGreaterThanOrEqualTo(master);
    }

    private static List<Throwable> send(int first, int count) {
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        try (MessageProducer producer = driver.newProducer(ClientSettings.producer("ms", Map.of("sendMode", "sync")))) {
            for (int i = first; i < first + count; i++) {
                producer.send(TOPIC, ByteBuffer.allocate(100).putLong(i).array(), i, (token, error) -> {
                    if (error != null) {
                        errors.add(error);
                    } else {
                        ACKED.add(token);
                    }
                });
            }
        }
        return errors;
    }

    private static Set<Long> consumeIndexes(Set<Long> expected) {
        Set<Long> seen = new HashSet<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try (MessageConsumer consumer = driver.newConsumer(ClientSettings.consumer("ms", "ms-" + System.nanoTime(), Map.of()))) {
            consumer.subscribe(List.of(TOPIC));
            while (!seen.containsAll(expected) && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200), (queue, value) -> seen.add(ByteBuffer.wrap(value).getLong()));
            }
        }
        return seen;
    }

    /** The end of the broker's commit log, from its runtime statistics. */
    private static long commitLogMaxOffset(int brokerId) {
        var broker = driver.admin().describeBrokers().stream().filter(b -> b.id() == brokerId).findFirst().orElseThrow();
        try {
            return Long.parseLong(admin.fetchBrokerRuntimeStats(broker.host() + ":" + broker.port()).getTable().get("commitLogMaxOffset"));
        } catch (Exception e) {
            throw new AssertionError("runtime stats of broker " + brokerId, e);
        }
    }
}
