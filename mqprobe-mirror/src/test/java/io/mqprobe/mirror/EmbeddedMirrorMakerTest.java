package io.mqprobe.mirror;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.kafka.embedded.EmbeddedClusterOptions;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** MirrorMaker 2 in its child JVM between two real one-broker clusters: every record arrives, counted one by one. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class EmbeddedMirrorMakerTest {

    private static final int RECORDS = 2_000;

    private EmbeddedKafkaCluster source;
    private EmbeddedKafkaCluster target;
    private EmbeddedMirrorMaker mirror;

    @BeforeAll
    void start() {
        EmbeddedClusterOptions one = EmbeddedClusterOptions.defaults().withBrokers(1).withHeapBytes(384L << 20);
        source = EmbeddedKafkaCluster.start(one);
        target = EmbeddedKafkaCluster.start(one);
        mirror = EmbeddedMirrorMaker.start(source.bootstrap(), target.bootstrap(), "mqprobe-mirror-.*", 1, Map.of());
    }

    @AfterAll
    void stop() {
        for (AutoCloseable c : new AutoCloseable[]{mirror, target, source}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                // best effort: each is stopped by pid, the others still get closed
            }
        }
    }

    @Test
    void should_copy_every_record_to_the_prefixed_topic_in_the_target() throws Exception {
        String topic = "mqprobe-mirror-test-" + Long.toHexString(System.nanoTime());
        try (Driver src = connect(source); Driver dst = connect(target)) {
            src.admin().createTopic(TopicSpec.of(topic, 2, 1));
            AtomicLong acked = new AtomicLong();
            try (MessageProducer producer = src.newProducer(ClientSettings.producer("mirror-test", Map.of("acks", "all")))) {
                for (int i = 0; i < RECORDS; i++) {
                    producer.send(topic, ByteBuffer.allocate(100).putInt(i).array(), i, (token, error) -> {
                        if (error == null) {
                            acked.incrementAndGet();
                        }
                    });
                }
                producer.flush();
            }
            assertThat(acked.get()).isEqualTo(RECORDS);

            BitSet seen = new BitSet(RECORDS);
            AtomicInteger duplicates = new AtomicInteger();
            try (MessageConsumer consumer = dst.newConsumer(ClientSettings.consumer("mirror-test-c", "mirror-test",
                    Map.of("metadata.max.age.ms", "1000")))) {
                consumer.subscribe(List.of(EmbeddedMirrorMaker.mirroredName(topic)));
                long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
                while (seen.cardinality() < RECORDS && System.nanoTime() < deadlineNs) {
                    mirror.checkAlive();
                    consumer.poll(Duration.ofMillis(500), (partition, value) -> {
                        int i = ByteBuffer.wrap(value).getInt();
                        if (seen.get(i)) {
                            duplicates.incrementAndGet();
                        }
                        seen.set(i);
                    });
                }
            }
            // lag goes to zero: every acknowledged record is in the target, none is missing
            assertThat(seen.cardinality()).as("mirror log:%n%s", mirror.logTail(30)).isEqualTo(RECORDS);
            assertThat(duplicates.get()).isZero();
        }
    }

    @Test
    void should_write_a_dedicated_mode_config_with_one_flow_and_internal_topics_sized_for_the_target() {
        Map<String, String> p = EmbeddedMirrorMaker.properties("a:1", "b:2", "x.*", 1, Map.of("compression.type", "lz4"));

        assertThat(p).containsEntry("clusters", "source, target").containsEntry("source->target.enabled", "true")
                .containsEntry("source->target.topics", "x.*").containsEntry("target->source.enabled", "false")
                .containsEntry("offset-syncs.topic.replication.factor", "1").containsEntry("target.producer.compression.type", "lz4");
    }

    private static Driver connect(EmbeddedKafkaCluster cluster) {
        return Drivers.connect(new Target("kafka", cluster.bootstrap(), Map.of(), Duration.ofSeconds(30)));
    }
}
