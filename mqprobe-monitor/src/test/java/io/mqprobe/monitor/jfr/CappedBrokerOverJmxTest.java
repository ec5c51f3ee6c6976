package io.mqprobe.monitor.jfr;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.HostPort;
import io.mqprobe.api.InstanceSpec;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.embedded.isolation.IsolationOptions;
import io.mqprobe.kafka.embedded.EmbeddedClusterOptions;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import io.mqprobe.monitor.MonitorRunner;
import io.mqprobe.monitor.MonitorSources;
import io.mqprobe.monitor.ResourceAggregator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A real Kafka broker started inside a cgroup with a CPU quota of 0.3 cores (as root), watched the way mqprobe watches
 * a cluster it did not start: over JMX alone, never its pid or cgroup files. Its quota must come from the broker's own
 * flight recorder (its JVM counts 0.3 cores as 1 processor), its throttling with it, and its CPU must be judged
 * against 0.3 cores while an unthrottled producer drives it. Skipped without root or cgroups.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CappedBrokerOverJmxTest {

    private static final double QUOTA_CORES = 0.3;
    private EmbeddedKafkaCluster cluster;
    private Driver driver;

    @BeforeAll
    void start() {
        Assumptions.assumeTrue(Files.isWritable(Path.of("/sys/fs/cgroup/cpu")) || Files.isWritable(Path.of("/sys/fs/cgroup/cgroup.procs")),
                "needs root and cgroups");
        IsolationOptions isolation = new IsolationOptions(InstanceSpec.parse(QUOTA_CORES + "c1g"), 0, true, null, 0);
        cluster = EmbeddedKafkaCluster.start(EmbeddedClusterOptions.defaults().withBrokers(1).withIsolation(isolation));
        driver = Drivers.connect(new Target("kafka", cluster.bootstrap(), Map.of(), Duration.ofSeconds(30)));
    }

    @AfterAll
    void stop() {
        if (driver != null) {
            driver.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void should_read_the_quota_and_the_throttling_over_jmx_and_judge_the_cpu_against_the_quota() throws Exception {
        LocalBrokerProcess broker = cluster.brokers().get(0);
        String topic = "mqprobe-capped-" + System.nanoTime();
        driver.admin().createTopic(new TopicSpec(topic, 1, 1, List.of(), Map.of()));
        // only what a remote broker offers: its JMX port
        List<Sampler> samplers = MonitorSources.builder().jmx(List.of(new HostPort(broker.host(), broker.jmxPort()))).build();
        ResourceAggregator samples = new ResourceAggregator();
        StringWriter said = new StringWriter();

        long loadFrom;
        long loadTo;
        try (MonitorRunner runner = MonitorRunner.start(samplers, Duration.ofMillis(500), samples, new PrintWriter(said))) {
            Thread.sleep(2_000);   // the recording starts on the first round; its first totals are the baseline
            loadFrom = System.currentTimeMillis();
            produceFor(topic, Duration.ofSeconds(8));
            loadTo = System.currentTimeMillis();
            // the recording is read every few seconds: its last events arrive that late
            Thread.sleep(BrokerRecording.READ_INTERVAL.toMillis() + 1_500);
        }

        List<ResourceUsage> during = samples.summarize(loadFrom + 2_000, loadTo + 1_500);
        ResourceUsage cpu = usage(during, Metric.CPU_CORES).orElseThrow();
        assertThat(usage(during, Metric.CPU_LIMIT_CORES)).hasValueSatisfying(u -> assertThat(u.mean()).isCloseTo(QUOTA_CORES, within(1e-6)));
        assertThat(cpu.capacity().orElseThrow()).isCloseTo(QUOTA_CORES, within(1e-6));
        assertThat(cpu.meanPct().orElseThrow()).as("the broker's CPU against its quota").isGreaterThan(80);
        assertThat(usage(during, Metric.CPU_THROTTLED_SHARE)).hasValueSatisfying(u -> assertThat(u.mean()).isGreaterThan(0.3));
        assertThat(said.toString()).contains("broker-1 reports a CPU limit of 0.3 cores", "counts as 1 processor")
                .doesNotContain("unavailable", "no flight recording");
    }

    private void produceFor(String topic, Duration duration) throws InterruptedException {
        byte[] value = new byte[512];
        new java.util.Random(7).nextBytes(value);
        long end = System.nanoTime() + duration.toNanos();
        try (MessageProducer producer = driver.newProducer(ClientSettings.producer("capped-test",
                Map.of("acks", "1", "linger.ms", "0", "compression.type", "none", "max.in.flight.requests.per.connection", "5")))) {
            for (int i = 0; System.nanoTime() < end; i++) {
                producer.send(topic, value, i, (token, error) -> {
                });
                if (i % 20_000 == 19_999) {
                    Thread.sleep(1);   // a bounded loop that lets the sampler threads in
                }
            }
            producer.flush();
        }
    }

    private static Optional<ResourceUsage> usage(List<ResourceUsage> usages, String metric) {
        return usages.stream().filter(u -> u.source().equals("broker-1") && u.metric().equals(metric)).findFirst();
    }
}
