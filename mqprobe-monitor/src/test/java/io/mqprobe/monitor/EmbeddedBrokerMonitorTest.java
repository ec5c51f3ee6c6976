package io.mqprobe.monitor;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.kafka.embedded.EmbeddedClusterOptions;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The samplers against a real three-broker KRaft cluster in child JVMs: per-broker leader and
 * follower traffic must add up to what the producer had acknowledged, seen both through JMX and
 * through log-dir growth, and a broker that goes down is reported once and followed after restart.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class EmbeddedBrokerMonitorTest {

    private static final int RECORD_BYTES = 10 * 1024;
    private static final int RECORDS = 1_500;

    private EmbeddedKafkaCluster cluster;
    private Driver driver;

    @BeforeAll
    void startCluster() {
        cluster = EmbeddedKafkaCluster.start(EmbeddedClusterOptions.defaults().withBrokers(3).withHeapBytes(512L << 20));
        driver = Drivers.connect(new Target("kafka", cluster.bootstrap(), Map.of(), Duration.ofSeconds(30)));
    }

    @AfterAll
    void stopCluster() {
        if (driver != null) {
            driver.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void should_split_traffic_into_leader_and_follower_bytes_per_broker() throws Exception {
        String topic = "mqprobe-monitor-test-" + System.nanoTime();
        // one partition led by broker 2, copied by 1 and 3: business traffic [0, x, 0], replication [x, 0, x]
        driver.admin().createTopic(new TopicSpec(topic, 1, 3, List.of(List.of(2, 1, 3)), Map.of()));
        ResourceAggregator samples = new ResourceAggregator();
        StringWriter warnings = new StringWriter();
        List<io.mqprobe.api.monitor.Sampler> samplers = MonitorSources.builder()
                .localBrokers(cluster::brokers)
                .kafkaProtocol(driver.admin(), List.of(topic), List.of())
                .build();

        long ackedBytes;
        try (MonitorRunner runner = MonitorRunner.start(samplers, Duration.ofMillis(500), samples, new PrintWriter(warnings))) {
            Thread.sleep(1_200);   // a first round on every source, before any byte is sent
            ackedBytes = produce(topic);
            Thread.sleep(1_500);   // a last round after every byte is replicated
        }

        assertThat(warnings.toString()).doesNotContain("unavailable");
        double payload = ackedBytes;
        // record batches add headers: a few percent over the payload, never less than it
        assertThat(total(samples, "broker-2", Metric.BYTES_IN_BPS)).isBetween(payload, payload * 1.05);
        assertThat(total(samples, "broker-1", Metric.BYTES_IN_BPS)).isLessThan(payload * 0.01);
        assertThat(total(samples, "broker-3", Metric.BYTES_IN_BPS)).isLessThan(payload * 0.01);
        assertThat(total(samples, "broker-1", Metric.REPLICATION_BYTES_IN_BPS)).isBetween(payload, payload * 1.05);
        assertThat(total(samples, "broker-3", Metric.REPLICATION_BYTES_IN_BPS)).isBetween(payload, payload * 1.05);
        assertThat(total(samples, "broker-2", Metric.REPLICATION_BYTES_IN_BPS)).isLessThan(payload * 0.01);
        assertThat(total(samples, "broker-2", Metric.LEADER_WRITE_BPS)).isBetween(payload, payload * 1.05);
        assertThat(total(samples, "broker-2", Metric.FOLLOWER_WRITE_BPS)).isZero();
        for (String follower : List.of("broker-1", "broker-3")) {
            assertThat(total(samples, follower, Metric.FOLLOWER_WRITE_BPS)).isBetween(payload, payload * 1.05);
            assertThat(total(samples, follower, Metric.LEADER_WRITE_BPS)).isZero();
        }
        // every broker holds a copy of the new topic's one partition
        for (String broker : List.of("broker-1", "broker-2", "broker-3")) {
            assertThat(last(samples, broker, Metric.LOG_SIZE_BYTES)).isBetween(payload, payload * 1.05);
        }
        assertThat(samples.samples()).filteredOn(s -> s.source().equals("broker-2") && s.metric().equals(Metric.CPU_CORES))
                .isNotEmpty().allSatisfy(s -> assertThat(s.capacity().orElseThrow()).isPositive());
        assertThat(samples.samples()).filteredOn(s -> s.metric().equals(Metric.REQUEST_HANDLER_IDLE_PCT))
                .isNotEmpty().allSatisfy(s -> assertThat(s.value()).isBetween(0.0, 100.0))
                .allSatisfy(s -> assertThat(s.source()).isNotEqualTo("broker-1"));
        // broker-1 is also the KRaft controller: its broker pool is found among the two pools' like-named threads
        assertThat(samples.samples()).filteredOn(s -> s.metric().equals(Metric.REQUEST_HANDLER_CPU_PCT))
                .isNotEmpty().allSatisfy(s -> assertThat(s.source()).isEqualTo("broker-1"))
                .allSatisfy(s -> assertThat(s.value()).isBetween(0.0, 100.0));
        driver.admin().deleteTopics(List.of(topic));
    }

    @Test
    void should_split_produce_time_into_parts_that_add_up_to_the_brokers_total() throws Exception {
        String topic = "mqprobe-breakdown-test-" + System.nanoTime();
        driver.admin().createTopic(new TopicSpec(topic, 1, 3, List.of(List.of(1, 2, 3)), Map.of()));
        // the parts and the total are read bean by bean while requests complete: on a busy machine one reading can
        // fall between a request's total and its parts, so a second reading is allowed; one that adds up must come
        Measured measured = breakdownOf(topic);
        if (!measured.breakdown().brokerPartsAddUp()) {
            measured = breakdownOf(topic);
        }
        io.mqprobe.api.monitor.LatencyBreakdown breakdown = measured.breakdown();
        Map<String, Double> client = measured.client();

        // the broker's own TotalTimeMs and the sum of its parts are read independently, bean by bean
        assertThat(breakdown.brokerTotalMs().orElseThrow()).isPositive();
        assertThat(breakdown.brokerPartsAddUp()).as("parts %.3f ms vs total %.3f ms", breakdown.brokerPartsSumMs().orElseThrow(),
                breakdown.brokerTotalMs().orElseThrow()).isTrue();
        assertThat(breakdown.parts()).extracting(io.mqprobe.api.monitor.LatencyBreakdown.Part::label)
                .contains("producer queue", "waiting for followers", "broker local write", "network and client I/O");
        assertThat(client).containsKeys(Metric.CLIENT_RECORD_QUEUE_MS, Metric.CLIENT_REQUEST_LATENCY_MS);
        assertThat(breakdown.totalMs()).isGreaterThanOrEqualTo(client.get(Metric.CLIENT_REQUEST_LATENCY_MS));
        driver.admin().deleteTopics(List.of(topic));
    }

    private record Measured(io.mqprobe.api.monitor.LatencyBreakdown breakdown, Map<String, Double> client) {
    }

    /** Produces to {@code topic} while the monitors sample, and the breakdown of what they read. */
    private Measured breakdownOf(String topic) throws Exception {
        ResourceAggregator samples = new ResourceAggregator();
        List<io.mqprobe.api.monitor.Sampler> samplers = MonitorSources.builder().localBrokers(cluster::brokers).build();
        Map<String, Double> client;
        long fromMs = System.currentTimeMillis();
        try (MonitorRunner runner = MonitorRunner.start(samplers, Duration.ofMillis(500), samples, new PrintWriter(new StringWriter()))) {
            Thread.sleep(1_200);
            client = produceAcksAll(topic);
            Thread.sleep(1_200);
        }
        List<io.mqprobe.api.monitor.ResourceUsage> usages = new java.util.ArrayList<>(samples.summarize(fromMs, System.currentTimeMillis()));
        client.forEach((metric, value) -> usages.add(io.mqprobe.api.monitor.ResourceUsage.withoutCapacity("producers", metric, value, value)));
        return new Measured(io.mqprobe.api.monitor.LatencyBreakdown.of(usages).orElseThrow(), client);
    }

    /** acks=all to a 3-replica partition, so the leader waits for followers; returns the client's own figures. */
    private Map<String, Double> produceAcksAll(String topic) throws InterruptedException {
        byte[] value = new byte[1024];
        try (MessageProducer producer = driver.newProducer(ClientSettings.producer("breakdown-test",
                Map.of("acks", "all", "linger.ms", "2")))) {
            for (int i = 0; i < 2_000; i++) {
                producer.send(topic, value, i, (token, error) -> {
                });
                if (i % 100 == 99) {
                    Thread.sleep(50);
                }
            }
            producer.flush();
            return producer.clientMetrics();
        }
    }

    @Test
    void should_report_a_killed_broker_once_and_follow_it_after_restart() throws Exception {
        ResourceAggregator samples = new ResourceAggregator();
        StringWriter warnings = new StringWriter();
        List<io.mqprobe.api.monitor.Sampler> samplers = MonitorSources.builder().localBrokers(cluster::brokers).build();
        long pidBefore = cluster.brokers().get(2).pid();

        long restartedAtMs;
        try (MonitorRunner runner = MonitorRunner.start(samplers, Duration.ofMillis(300), samples, new PrintWriter(warnings))) {
            Thread.sleep(700);
            cluster.kill(3);
            Thread.sleep(1_000);
            cluster.restart(3);
            restartedAtMs = System.currentTimeMillis();
            Thread.sleep(2_000);
        }

        assertThat(cluster.brokers().get(2).pid()).isNotEqualTo(pidBefore);
        // broker-3's two sources (/proc, and JMX on its port) say it once each; the other brokers stay quiet
        String jmxOfBroker3 = "127.0.0.1:" + cluster.brokers().get(2).jmxPort();
        assertThat(warnings.toString().lines().filter(l -> l.contains("unavailable")).toList())
                .hasSizeBetween(1, 2).allSatisfy(l -> assertThat(l).containsAnyOf("broker-3", jmxOfBroker3));
        assertThat(samples.samples()).filteredOn(s -> s.source().equals("broker-3") && s.epochMs() > restartedAtMs)
                .extracting(ResourceSample::metric).contains(Metric.CPU_CORES, Metric.BYTES_IN_BPS);
        assertThat(samples.samples()).filteredOn(s -> s.source().equals("broker-1") && s.metric().equals(Metric.CPU_CORES))
                .hasSizeGreaterThan(5);
        // the broker JVM's own figures over JMX: garbage collection and JIT compilation time
        assertThat(samples.samples()).filteredOn(s -> s.source().equals("broker-1")).extracting(ResourceSample::metric)
                .contains(Metric.GC_MS_PER_S, Metric.JIT_MS_PER_S);
    }

    /** Sends a bounded number of records with acks=all; returns the payload bytes the brokers acknowledged. */
    private long produce(String topic) throws InterruptedException {
        AtomicLong acked = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        byte[] value = new byte[RECORD_BYTES];
        new java.util.Random(42).nextBytes(value);
        try (MessageProducer producer = driver.newProducer(ClientSettings.producer("monitor-test",
                Map.of("acks", "all", "linger.ms", "5", "compression.type", "none")))) {
            for (int i = 0; i < RECORDS; i++) {
                producer.send(topic, value, i, (token, error) -> {
                    if (error == null) {
                        acked.addAndGet(RECORD_BYTES);
                    } else {
                        failed.incrementAndGet();
                    }
                });
                if (i % 100 == 99) {
                    Thread.sleep(100);   // about 10 MB/s: well within the box, spread over several rounds
                }
            }
            producer.flush();
        }
        assertThat(failed.get()).isZero();
        return acked.get();
    }

    private static double last(ResourceAggregator samples, String source, String metric) {
        return samples.samples().stream().filter(s -> s.source().equals(source) && s.metric().equals(metric))
                .reduce((earlier, later) -> later).orElseThrow(() -> new AssertionError("no " + source + " " + metric)).value();
    }

    /** The integral of a rate over the run: the counter's growth between the first and last sample. */
    private static double total(ResourceAggregator samples, String source, String metric) {
        List<ResourceSample> series = samples.samples().stream()
                .filter(s -> s.source().equals(source) && s.metric().equals(metric)).toList();
        assertThat(series).as(source + " " + metric).hasSizeGreaterThan(2);
        double bytes = 0;
        long previousMs = -1;
        for (ResourceSample s : series) {
            if (previousMs > 0) {
                bytes += s.value() * (s.epochMs() - previousMs) / 1000.0;
            }
            previousMs = s.epochMs();
        }
        return bytes;
    }
}
