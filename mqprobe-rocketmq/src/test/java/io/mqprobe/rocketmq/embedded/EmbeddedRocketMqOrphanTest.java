package io.mqprobe.rocketmq.embedded;

import io.mqprobe.embedded.SyncMode;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A name server and broker whose mqprobe process dies (even by kill -9) halt instead of running on as orphans. */
class EmbeddedRocketMqOrphanTest {

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void should_halt_every_node_when_the_process_that_started_them_dies() throws Exception {
        // a stand-in for the mqprobe process: the nodes watch it instead of this test JVM
        Process standIn = new ProcessBuilder("sleep", "600").start();
        EmbeddedRocketMqCluster cluster = EmbeddedRocketMqCluster.start(RocketMqClusterOptions.defaults()
                .withBrokerHeapBytes(512L << 20), standIn.pid(), System.err::println);
        try {
            List<ProcessHandle> nodes = cluster.brokers().stream().map(LocalBrokerProcess::pid)
                    .map(pid -> ProcessHandle.of(pid).orElseThrow()).toList();
            assertThat(nodes).hasSize(1).allSatisfy(p -> assertThat(p.isAlive()).isTrue());

            standIn.destroyForcibly().waitFor();

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (cluster.anyRunning() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(cluster.anyRunning()).as("name server or broker still running without its starter").isFalse();
        } finally {
            standIn.destroyForcibly();
            cluster.close();
        }
        assertThat(cluster.runDir()).doesNotExist();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void should_refuse_a_layout_embedded_rocketmq_does_not_offer() {
        assertThatThrownBy(() -> new RocketMqLayout(3, SyncMode.SYNC, SyncMode.ASYNC))
                .isInstanceOf(UsageException.class).hasMessageContaining("0 to 2 slaves");
        assertThat(RocketMqLayout.masterSlave(SyncMode.SYNC, SyncMode.SYNC).toString())
                .isEqualTo("1 master + 2 slaves, sync replication, sync flush");
    }
}
