package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

@Timeout(30)
class KafkaJmxSamplerTest {

    private LocalJmxServer jmx;
    private FakeKafkaBeans beans;

    @BeforeEach
    void start() throws Exception {
        jmx = new LocalJmxServer();
        beans = new FakeKafkaBeans(7);
    }

    @AfterEach
    void stop() throws Exception {
        beans.close();
        jmx.close();
    }

    private KafkaJmxSampler sampler(boolean readId, boolean cpu) {
        return new KafkaJmxSampler(new JmxConnection("127.0.0.1", () -> jmx.port, Duration.ofSeconds(5)), 1, readId, cpu);
    }

    @Test
    void should_turn_meter_counts_into_rates_over_the_interval() throws Exception {
        try (KafkaJmxSampler sampler = sampler(true, false)) {
            sampler.sample(1_000);
            beans.bytesIn.count.addAndGet(5_000_000);
            beans.bytesOut.count.addAndGet(1_000_000);
            beans.replicationBytesIn.count.addAndGet(10_000_000);
            beans.messagesIn.count.addAndGet(4_000);
            beans.requestHandlerIdleNs.count.addAndGet(1_200_000_000L);   // 0.6 s idle per second over 2 s
            beans.underReplicated.value = 3;
            beans.produceTime.p99 = 7.5;

            List<ResourceSample> s = sampler.sample(3_000);

            assertThat(value(s, Metric.BYTES_IN_BPS)).isCloseTo(2_500_000, within(1e-6));
            assertThat(value(s, Metric.BYTES_OUT_BPS)).isCloseTo(500_000, within(1e-6));
            assertThat(value(s, Metric.REPLICATION_BYTES_IN_BPS)).isCloseTo(5_000_000, within(1e-6));
            assertThat(value(s, Metric.MESSAGES_IN_PER_S)).isCloseTo(2_000, within(1e-6));
            assertThat(value(s, Metric.REQUEST_HANDLER_IDLE_PCT)).isCloseTo(60.0, within(1e-6));
            assertThat(value(s, Metric.NETWORK_PROCESSOR_IDLE_PCT)).isCloseTo(80.0, within(1e-6));
            assertThat(value(s, Metric.UNDER_REPLICATED)).isEqualTo(3.0);
            assertThat(value(s, Metric.PRODUCE_TIME_P99_MS)).isEqualTo(7.5);
            assertThat(find(s, Metric.GC_MS_PER_S).capacity()).hasValue(1000.0);
            assertThat(s).extracting(ResourceSample::metric).doesNotContain(Metric.CPU_CORES, Metric.FETCH_TIME_P99_MS);
            assertThat(s).allSatisfy(x -> assertThat(x.source()).isEqualTo("broker-7"));
            assertThat(sampler.source()).isEqualTo("broker-7");
        }
    }

    @Test
    void should_read_the_brokers_old_generation_after_a_collection_from_its_first_round() throws Exception {
        System.gc();   // the JVM behind the connection is this one
        try (KafkaJmxSampler sampler = sampler(true, false)) {
            ResourceSample oldGen = find(sampler.sample(1_000), Metric.OLD_GEN_AFTER_GC_BYTES);

            assertThat(oldGen.source()).isEqualTo("broker-7");
            assertThat(oldGen.capacity().orElseThrow()).isPositive().isLessThanOrEqualTo(Runtime.getRuntime().maxMemory());
            assertThat(oldGen.value()).isPositive().isLessThan(oldGen.capacity().orElseThrow());
        }
    }

    @Test
    void should_count_the_segments_of_mqprobes_topics_only_every_fifth_round() throws Exception {
        FakeKafkaBeans.Gauge first = beans.partition("mqprobe-soak-1", 0, 3);
        beans.partition("mqprobe-soak-1", 1, 4);
        beans.partition("__consumer_offsets", 0, 9);
        try (KafkaJmxSampler sampler = sampler(true, false)) {
            assertThat(value(sampler.sample(1_000), Metric.LOG_SEGMENTS)).isEqualTo(7.0);
            first.value = 5;   // two segments rolled
            for (int round = 1; round < LogSegments.EVERY_ROUNDS; round++) {
                assertThat(sampler.sample(1_000 + 1_000L * round)).extracting(ResourceSample::metric)
                        .doesNotContain(Metric.LOG_SEGMENTS);
            }

            assertThat(value(sampler.sample(6_000), Metric.LOG_SEGMENTS)).isEqualTo(9.0);
        }
    }

    @Test
    void should_not_count_segments_where_reading_them_would_cost_a_round_trip_per_many_partitions() throws Exception {
        for (int p = 0; p <= LogSegments.MOST_PARTITIONS; p++) {
            beans.partition("mqprobe-many-topics", p, 1);
        }
        try (KafkaJmxSampler sampler = sampler(true, false)) {
            assertThat(sampler.sample(1_000)).extracting(ResourceSample::metric).doesNotContain(Metric.LOG_SEGMENTS)
                    .contains(Metric.UNDER_REPLICATED);
        }
    }

    @Test
    void should_read_the_broker_pools_threads_on_a_combined_broker_and_controller() throws Exception {
        beans.alsoController();
        // as Kafka starts them: the controller's pool first, then the broker's, with the same thread names
        try (HandlerThread controller = new HandlerThread(0); HandlerThread broker = new HandlerThread(0);
             KafkaJmxSampler sampler = sampler(true, false)) {
            // both pools mark the one meter: 1.9 s a second, which must not be read as the broker's idle share
            beans.requestHandlerIdleNs.count.addAndGet(3_800_000_000L);

            controller.spinning = true;
            double brokerOnCpuWhileTheControllerWorks = handlersOnCpuOver(sampler, Duration.ofMillis(600));
            controller.spinning = false;
            broker.spinning = true;
            double brokerOnCpuWhileItWorks = handlersOnCpuOver(sampler, Duration.ofMillis(600));
            broker.spinning = false;
            double brokerOnCpuOfTwoWithOneWorking;
            // the broker's num.io.threads raised while it runs: a second thread joins its pool
            try (HandlerThread added = new HandlerThread(1)) {
                added.spinning = true;
                brokerOnCpuOfTwoWithOneWorking = handlersOnCpuOver(sampler, Duration.ofMillis(600));
            }

            assertThat(brokerOnCpuWhileTheControllerWorks).isLessThan(10);
            assertThat(brokerOnCpuWhileItWorks).isGreaterThan(50);
            assertThat(brokerOnCpuOfTwoWithOneWorking).isBetween(20.0, 60.0);
        }
    }

    @Test
    void should_read_no_handler_idle_share_on_a_combined_node_whose_pools_cannot_be_told_apart() throws Exception {
        beans.alsoController();
        try (HandlerThread onlyOne = new HandlerThread(0); KafkaJmxSampler sampler = sampler(true, false)) {
            sampler.sample(System.currentTimeMillis());
            beans.bytesIn.count.addAndGet(5_000_000);
            Thread.sleep(50);

            List<ResourceSample> s = sampler.sample(System.currentTimeMillis());

            assertThat(s).extracting(ResourceSample::metric)
                    .doesNotContain(Metric.REQUEST_HANDLER_IDLE_PCT, Metric.REQUEST_HANDLER_CPU_PCT).contains(Metric.BYTES_IN_BPS);
        }
    }

    private static double handlersOnCpuOver(KafkaJmxSampler sampler, Duration interval) throws Exception {
        sampler.sample(System.currentTimeMillis());
        Thread.sleep(interval.toMillis());
        List<ResourceSample> s = sampler.sample(System.currentTimeMillis());
        assertThat(s).extracting(ResourceSample::metric).doesNotContain(Metric.REQUEST_HANDLER_IDLE_PCT);
        return value(s, Metric.REQUEST_HANDLER_CPU_PCT);
    }

    /** A thread named as a Kafka request handler, idle until told to compute. */
    private static final class HandlerThread implements AutoCloseable {
        volatile boolean spinning;
        private volatile boolean running = true;
        private final Thread thread;

        HandlerThread(int number) {
            thread = new Thread(this::run, CombinedNodeHandlers.THREAD_PREFIX + number);
            thread.setDaemon(true);
            thread.start();
        }

        private void run() {
            long sink = 0;
            while (running) {
                if (spinning) {
                    sink += System.nanoTime() % 7;
                } else {
                    LockSupport.parkNanos(2_000_000);
                }
            }
            if (sink == 42) {
                System.out.print("");   // keeps the spin from being optimised away
            }
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            thread.join(5_000);
        }
    }

    @Test
    void should_report_process_cpu_of_a_remote_broker_against_its_processors() throws Exception {
        try (KafkaJmxSampler sampler = sampler(false, true)) {
            sampler.sample(System.currentTimeMillis() - 1_000);
            List<ResourceSample> s = sampler.sample(System.currentTimeMillis());

            ResourceSample cpu = find(s, Metric.CPU_CORES);
            assertThat(cpu.capacity()).hasValue(Runtime.getRuntime().availableProcessors());
            assertThat(cpu.value()).isGreaterThanOrEqualTo(0.0);
            assertThat(cpu.source()).isEqualTo("broker-1");   // not read from the beans: the given id
        }
    }

    @Test
    void should_fail_with_the_address_when_nothing_listens() throws Exception {
        int closedPort = LocalJmxServer.freePort();
        try (KafkaJmxSampler sampler = new KafkaJmxSampler(new JmxConnection("127.0.0.1", () -> closedPort, Duration.ofSeconds(5)), 1, true, true)) {
            assertThatThrownBy(() -> sampler.sample(1_000)).isInstanceOf(IOException.class)
                    .hasMessageContaining("127.0.0.1:" + closedPort);
        }
    }

    @Test
    void should_reconnect_after_the_broker_jmx_comes_back() throws Exception {
        try (KafkaJmxSampler sampler = sampler(true, false)) {
            sampler.sample(1_000);
            jmx.stop();
            assertThatThrownBy(() -> sampler.sample(2_000)).isInstanceOf(IOException.class);

            jmx.start();
            sampler.sample(3_000);
            beans.bytesIn.count.addAndGet(1_000);
            List<ResourceSample> s = sampler.sample(4_000);

            assertThat(value(s, Metric.BYTES_IN_BPS)).isCloseTo(1_000, within(1e-6));
        }
    }

    private static ResourceSample find(List<ResourceSample> samples, String metric) {
        return samples.stream().filter(s -> s.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + metric + " in " + samples));
    }

    private static double value(List<ResourceSample> samples, String metric) {
        return find(samples, metric).value();
    }
}
