package io.mqprobe.kafka.embedded;

import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A deleted topic's files leave an embedded broker's disk within seconds: the disk budget gives the next scenario's topic
 * the space they held. The broker's own default keeps them a minute, in which a probe's next scenario filled the disk.
 */
@ExtendWith(SharedKafkaCluster.class)
class DeletedTopicFilesTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void should_remove_a_deleted_topics_files_within_seconds() throws Exception {
        EmbeddedKafkaCluster cluster = SharedKafkaCluster.cluster();
        String topic = "mqprobe-deleted-" + Long.toHexString(System.nanoTime());
        List<Path> dataDirs = cluster.brokers().stream().map(LocalBrokerProcess::dataDir).toList();
        try (Driver driver = Drivers.connect(new Target("kafka", cluster.bootstrap(), Map.of(), Duration.ofSeconds(10)))) {
            driver.admin().createTopic(TopicSpec.of(topic, 3, 3));
            awaitDirs(dataDirs, topic, 9, 20_000);

            driver.admin().deleteTopics(List.of(topic));
        }

        // renamed to <topic>-<partition>.<id>-delete at once, removed a second later (the broker's default: a minute)
        long deadline = System.currentTimeMillis() + 15_000;
        while (countDirs(dataDirs, topic) > 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
        }
        assertThat(countDirs(dataDirs, topic)).as("directories of %s left 15 s after its deletion", topic).isZero();
    }

    private static void awaitDirs(List<Path> dataDirs, String topic, int expected, long boundMs) throws Exception {
        long deadline = System.currentTimeMillis() + boundMs;
        while (countDirs(dataDirs, topic) < expected && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertThat(countDirs(dataDirs, topic)).isEqualTo(expected);
    }

    private static long countDirs(List<Path> dataDirs, String topic) throws IOException {
        long n = 0;
        for (Path dir : dataDirs) {
            try (Stream<Path> entries = Files.list(dir)) {
                n += entries.filter(p -> p.getFileName().toString().startsWith(topic + "-")).count();
            }
        }
        return n;
    }
}
