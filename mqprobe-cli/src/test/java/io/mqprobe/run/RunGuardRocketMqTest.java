package io.mqprobe.run;

import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.Target;
import io.mqprobe.cli.SharedCliRocketMqCluster;
import io.mqprobe.load.DiskBudget;
import io.mqprobe.run.target.EmbeddedClusters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The run guard on a RocketMQ cluster, which has no per-topic size on disk: asking for one fails every time, and
 * a guard that did so would take the healthy cluster for a silent one and stop the run (as a 20 s e2e once did).
 * It sits among the command line's tests, in the guard's package, to share their RocketMQ cluster.
 */
@ExtendWith(SharedCliRocketMqCluster.class)
@Timeout(60)
class RunGuardRocketMqTest {

    private static final long SILENT_MS = 1_000;
    private static final long WATCH_MS = RunGuard.CHECK_EVERY_MS * 2 + SILENT_MS + 500;
    private static Driver driver;

    @BeforeAll
    static void connect() {
        driver = Drivers.connect(new Target("rocketmq", EmbeddedClusters.attach("rocketmq").orElseThrow().bootstrap(),
                Map.of(), Duration.ofSeconds(20)));
    }

    @AfterAll
    static void disconnect() {
        if (driver != null) {
            driver.close();
        }
    }

    private static String watch(boolean topicSizesKnown) throws InterruptedException {
        AtomicReference<String> stopped = new AtomicReference<>();
        try (RunGuard guard = new RunGuard(driver.admin(), new DiskBudget(1L << 40, 0), topicSizesKnown,
                () -> List.of("mqprobe-guarded"), List::of, stopped::set, SILENT_MS)) {
            Thread.sleep(WATCH_MS);
        }
        return stopped.get();
    }

    @Test
    void should_keep_a_healthy_rocketmq_run_going_without_topic_sizes() throws Exception {
        assertThat(watch(false)).isNull();
    }

    @Test
    void should_take_the_cluster_for_silent_if_it_asked_rocketmq_for_topic_sizes() throws Exception {
        assertThat(watch(true)).contains("has not answered").contains("commit log");
    }
}
