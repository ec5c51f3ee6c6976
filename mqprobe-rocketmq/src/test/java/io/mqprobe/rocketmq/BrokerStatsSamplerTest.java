package io.mqprobe.rocketmq;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.rocketmq.embedded.SharedRocketMqCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The broker's own statistics, read from a real broker while it stores messages. */
@ExtendWith(SharedRocketMqCluster.class)
class BrokerStatsSamplerTest {

    private static Driver driver;

    @BeforeAll
    static void connect() {
        driver = Drivers.connect(new Target("rocketmq", SharedRocketMqCluster.cluster().nameServer(), Map.of(), Duration.ofSeconds(10)));
    }

    @AfterAll
    static void disconnect() {
        if (driver != null) {
            driver.close();
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void should_report_the_put_rate_and_queues_of_a_broker_that_stores_messages() throws Exception {
        String topic = "mqprobe-stats-" + Long.toHexString(System.nanoTime());
        driver.admin().createTopic(TopicSpec.of(topic, 2, 1));
        try (Sampler sampler = driver.brokerSamplers().get(0);
             MessageProducer producer = driver.newProducer(ClientSettings.producer("stats", Map.of()))) {
            List<ResourceSample> idle = firstAnswer(sampler);
            assertThat(idle).extracting(ResourceSample::source).containsOnly("broker-1");
            assertThat(idle).filteredOn(s -> s.metric().equals(Metric.RMQ_SEND_QUEUE_SIZE))
                    .singleElement().satisfies(s -> assertThat(s.capacity().orElseThrow()).isPositive());
            assertThat(idle).filteredOn(s -> s.metric().equals(Metric.RMQ_COMMITLOG_DISK_USED_BYTES))
                    .singleElement().satisfies(s -> assertThat(s.value()).isPositive().isLessThan(s.capacity().orElseThrow()));

            // the broker's put TPS is a 10 s window refreshed every second: keep sending until it shows
            double putTps = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (putTps <= 0 && System.nanoTime() < deadline) {
                for (int i = 0; i < 500; i++) {
                    producer.send(topic, new byte[500], i, (token, error) -> { });
                }
                producer.flush();
                putTps = sampler.sample(System.currentTimeMillis()).stream()
                        .filter(s -> s.metric().equals(Metric.RMQ_PUT_TPS)).mapToDouble(ResourceSample::value).max().orElse(0);
            }
            assertThat(putTps).as("broker put TPS while sending").isPositive();
        } finally {
            driver.admin().deleteTopics(List.of(topic));
        }
    }

    /**
     * A freshly started broker answers its runtime-info request with an error until its one-second statistics
     * windows hold a first snapshot (LinkedList.getLast on an empty list), so wait for the first real answer.
     */
    private static List<ResourceSample> firstAnswer(Sampler sampler) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try {
                return sampler.sample(System.currentTimeMillis());
            } catch (Exception notYet) {
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
                Thread.sleep(500);
            }
        }
    }
}
