package io.mqprobe.cli.load;

import io.mqprobe.api.Driver;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.cli.SharedCliCluster;
import io.mqprobe.kafka.KafkaDriverFactory;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import io.mqprobe.stamp.MessageStamp;
import io.mqprobe.stamp.NanoClock;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoad;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.stats.LatencyHistograms;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The truth check of mqprobe's corrected latency: under steady paced load the partition's broker is frozen
 * (SIGSTOP) for a known time; mqprobe's corrected p95/p99 must match an independent reading of the same run,
 * the broker's LogAppendTime minus the intended send time stamped in each message, read back by a plain
 * KafkaConsumer. A generator that measured from the actual send (coordinated omission) reads far lower.
 */
@ExtendWith(SharedCliCluster.class)
@Timeout(120)
class StallTruthTest {

    private static final int BROKER = 1;
    private static final double RATE = 2000;
    private static final Duration RUN = Duration.ofSeconds(6);
    private static final long FREEZE_AT_MS = 2000;
    private static final long FREEZE_MS = 1500;

    /** Attempts at most: an attempt is measured again only when the wall clock was stepped during it. */
    private static final int ATTEMPTS = 3;

    /** One run: mqprobe's corrected latency and the independent reading of the same messages. */
    private record Reading(Histogram mqprobe, Histogram truth, long acked) {
    }

    @Test
    void should_match_an_independent_reading_of_a_broker_freeze_within_15_percent() throws Exception {
        EmbeddedKafkaCluster cluster = EmbeddedKafkaCluster.attach(Path.of(System.getProperty("mqprobe.home"), "cluster"))
                .orElseThrow();
        long pid = cluster.brokers().stream().filter(b -> b.brokerId() == BROKER).mapToLong(LocalBrokerProcess::pid)
                .findFirst().orElseThrow();
        Reading reading = null;
        for (int attempt = 1; attempt <= ATTEMPTS && reading == null; attempt++) {
            long wallAheadBeforeMs = wallAheadOfMonotonicMs();
            Reading measured = measure(cluster, pid);
            // the broker stamps LogAppendTime with the wall clock as it reads at the append: a step of it during the run
            // (NTP, a resumed VM) moves the independent reading of every message in flight by the step
            boolean stepped = Math.abs(wallAheadOfMonotonicMs() - wallAheadBeforeMs) > 100;
            if (stepped && attempt < ATTEMPTS) {
                System.out.println("stall truth check: the wall clock was stepped during the run; measuring again");
            } else {
                reading = measured;
            }
        }
        Histogram mqprobe = reading.mqprobe();
        Histogram truth = reading.truth();
        System.out.printf("stall truth check: mqprobe corrected p95 %.3f s, p99 %.3f s; LogAppendTime - intended p95 %.3f s,"
                + " p99 %.3f s (%d messages)%n", mqprobe.getValueAtPercentile(95) / 1e6, mqprobe.getValueAtPercentile(99) / 1e6,
                truth.getValueAtPercentile(95) / 1e6, truth.getValueAtPercentile(99) / 1e6, reading.acked());
        assertThat(truth.getTotalCount()).isEqualTo(reading.acked());
        // the freeze is in both: 1.5 s of 6 s at a steady rate puts p95 and p99 inside it
        assertThat(truth.getValueAtPercentile(99)).isGreaterThan(1_000_000);
        assertThat((double) mqprobe.getValueAtPercentile(95)).isCloseTo(truth.getValueAtPercentile(95), withinPct(15));
        assertThat((double) mqprobe.getValueAtPercentile(99)).isCloseTo(truth.getValueAtPercentile(99), withinPct(15));
    }

    /** Paced load on a topic of its own on the broker, frozen {@link #FREEZE_MS} in the middle, read back after. */
    private static Reading measure(EmbeddedKafkaCluster cluster, long pid) throws Exception {
        String topic = "mqprobe-truth-" + System.nanoTime();
        try (Driver driver = new KafkaDriverFactory().connect(new Target("kafka", cluster.bootstrap(), Map.of(), Duration.ofSeconds(10)))) {
            driver.admin().createTopic(TopicSpec.pinnedTo(topic, 1, BROKER)
                    .withConfigs(Map.of("message.timestamp.type", "LogAppendTime")));
            ProducerLoadSpec spec = new ProducerLoadSpec(topic, 1, 1, false, 1024, RATE, 0, RUN, new PayloadSpec.Random(),
                    Map.of("acks", "1", "linger.ms", "0"), false);
            ProducerLoad load = ProducerLoad.start(driver, spec, NanoClock.SYSTEM, 7);
            Thread.sleep(FREEZE_AT_MS);
            signal("STOP", pid);
            try {
                Thread.sleep(FREEZE_MS);
            } finally {
                signal("CONT", pid);
            }
            load.finish(Duration.ofSeconds(30));
            long acked = load.stats().acked();
            return new Reading(load.stats().snapshot(0).corrected(), appendMinusIntended(cluster.bootstrap(), topic, acked), acked);
        }
    }

    private static long wallAheadOfMonotonicMs() {
        return System.currentTimeMillis() - System.nanoTime() / 1_000_000;
    }

    private static org.assertj.core.data.Percentage withinPct(double pct) {
        return org.assertj.core.data.Percentage.withPercentage(pct);
    }

    private static void signal(String signal, long pid) throws Exception {
        int rc = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor();
        assertThat(rc).as("kill -" + signal + " " + pid).isZero();
    }

    /** LogAppendTime minus the stamped intended send time of every message, in µs (the broker stamps ms). */
    private static Histogram appendMinusIntended(String bootstrap, String topic, long expected) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        Histogram h = LatencyHistograms.newHistogram();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
            TopicPartition tp = new TopicPartition(topic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (h.getTotalCount() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    assertThat(r.timestampType()).isEqualTo(TimestampType.LOG_APPEND_TIME);
                    if (MessageStamp.isStamped(r.value())) {
                        h.recordValue(Math.max(0, r.timestamp() * 1000 - MessageStamp.sendEpochMicros(r.value())));
                    }
                }
            }
        }
        return h;
    }
}
