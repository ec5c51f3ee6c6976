package io.mqprobe.rocketmq;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.rocketmq.embedded.SharedRocketMqCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The three send modes and the push consumer (the contract test covers async sends and the lite-pull consumer). */
@ExtendWith(SharedRocketMqCluster.class)
class RocketMqClientModesTest {

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
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void should_deliver_sync_async_and_oneway_sends_to_a_push_consumer_with_its_own_threads() {
        String topic = "mqprobe-modes-" + Long.toHexString(System.nanoTime());
        driver.admin().createTopic(TopicSpec.of(topic, 4, 1));
        try {
            List<Throwable> errors = new CopyOnWriteArrayList<>();
            int perMode = 200;
            List<String> modes = List.of("sync", "async", "oneway");
            for (int m = 0; m < modes.size(); m++) {
                try (MessageProducer producer = driver.newProducer(ClientSettings.producer("modes-" + modes.get(m),
                        Map.of("sendMode", modes.get(m), "tags", "mqprobe", "keys", "k")))) {
                    for (long i = (long) m * perMode; i < (long) (m + 1) * perMode; i++) {
                        producer.send(topic, ByteBuffer.allocate(64).putLong(i).array(), i, (token, error) -> {
                            if (error != null) {
                                errors.add(error);
                            }
                        });
                    }
                    producer.flush();
                }
            }
            assertThat(errors).isEmpty();

            Set<Long> seen = ConcurrentHashMap.newKeySet();
            Set<Integer> queues = ConcurrentHashMap.newKeySet();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            try (MessageConsumer consumer = driver.newConsumer(ClientSettings.consumer("push", "push-" + System.nanoTime(),
                    Map.of("consumerMode", "push", "consumeThreadMin", "2", "consumeThreadMax", "2")))) {
                consumer.subscribe(List.of(topic));
                while (seen.size() < modes.size() * perMode && System.nanoTime() < deadline) {
                    consumer.poll(Duration.ofMillis(200), (queue, value) -> {
                        seen.add(ByteBuffer.wrap(value).getLong());
                        queues.add(queue);
                    });
                }
            }
            // oneway sends get no answer, but on a healthy loopback broker they all arrive
            assertThat(seen).hasSize(modes.size() * perMode);
            assertThat(queues).isSubsetOf(0, 1, 2, 3).hasSizeGreaterThan(1);
        } finally {
            driver.admin().deleteTopics(List.of(topic));
        }
    }
}
