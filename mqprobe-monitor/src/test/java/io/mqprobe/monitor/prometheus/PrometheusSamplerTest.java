package io.mqprobe.monitor.prometheus;

import com.sun.net.httpserver.HttpServer;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

@Timeout(20)
class PrometheusSamplerTest {

    private final List<HttpServer> servers = new ArrayList<>();
    private final AtomicReference<String> authorization = new AtomicReference<>();
    private int status = 200;

    private URI serve(String... fixtures) throws IOException {
        return serveText(Arrays.stream(fixtures).map(FixtureText::read).toArray(String[]::new));
    }

    /** An endpoint answering with each body in turn, the last one from then on. */
    private URI serveText(String... texts) throws IOException {
        Deque<String> bodies = new ArrayDeque<>(List.of(texts));
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        servers.add(server);
        server.createContext("/metrics", exchange -> {
            authorization.set(exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = (bodies.size() > 1 ? bodies.poll() : bodies.peek()).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
    }

    @AfterEach
    void stop() {
        servers.forEach(server -> server.stop(0));
    }

    @Test
    void should_map_node_exporter_counters_to_host_rates() throws Exception {
        PrometheusSampler sampler = new PrometheusSampler(serve("node_exporter-1.txt", "node_exporter-2.txt"),
                "broker-2", Duration.ofSeconds(2), OptionalDouble.of(1e9), OptionalDouble.of(1.25e9), true);

        List<ResourceSample> first = sampler.sample(1_000);
        List<ResourceSample> second = sampler.sample(2_000);

        assertThat(first).extracting(ResourceSample::metric).containsExactly(Metric.PAGE_CACHE_BYTES);
        // fixture deltas over 1 s: 1.2 of 2 CPU-seconds busy, 0.2 iowait; sda + nvme0n1 written (dm-0 is sda again)
        assertThat(value(second, Metric.CPU_CORES)).isCloseTo(1.2, within(1e-6));
        assertThat(find(second, Metric.CPU_CORES).capacity()).hasValue(2.0);
        assertThat(value(second, Metric.CPU_IOWAIT_PCT)).isCloseTo(10.0, within(1e-6));
        assertThat(value(second, Metric.DISK_WRITE_BPS)).isCloseTo(52_428_800 + 10_485_760, within(1.0));
        assertThat(find(second, Metric.DISK_WRITE_BPS).capacity()).hasValue(1e9);
        assertThat(value(second, Metric.DISK_READ_BPS)).isCloseTo(1_048_576, within(1.0));
        // lo, docker0 and the veth pair are not the physical NIC
        assertThat(value(second, Metric.NET_RX_BPS)).isCloseTo(1_000_000, within(1.0));
        assertThat(value(second, Metric.NET_TX_BPS)).isCloseTo(2_000_000, within(1.0));
        assertThat(find(second, Metric.NET_TX_BPS).capacity()).hasValue(1.25e9);
        assertThat(value(second, Metric.PAGE_CACHE_BYTES)).isEqualTo(1.2498386944e10 + 2.93330944e8 - 4.194304e7);
        assertThat(second).allSatisfy(s -> assertThat(s.source()).isEqualTo("broker-2"));
        assertThat(second).noneMatch(s -> s.metric().startsWith("kafka."));
    }

    @Test
    void should_map_jmx_exporter_kafka_metrics_to_broker_rates() throws Exception {
        PrometheusSampler sampler = new PrometheusSampler(serve("jmx_exporter_kafka-1.txt", "jmx_exporter_kafka-2.txt"),
                "broker-1", Duration.ofSeconds(2), OptionalDouble.empty(), OptionalDouble.empty(), true);

        sampler.sample(10_000);
        List<ResourceSample> s = sampler.sample(12_000);

        // fixture deltas over 2 s; per-topic series must not be added to the broker-wide one
        assertThat(value(s, Metric.BYTES_IN_BPS)).isCloseTo(104_857_600 / 2.0, within(1.0));
        assertThat(value(s, Metric.BYTES_OUT_BPS)).isCloseTo(52_428_800 / 2.0, within(1.0));
        assertThat(value(s, Metric.REPLICATION_BYTES_IN_BPS)).isCloseTo(209_715_200 / 2.0, within(1.0));
        assertThat(value(s, Metric.MESSAGES_IN_PER_S)).isCloseTo(102_400 / 2.0, within(1e-3));
        assertThat(value(s, Metric.REQUEST_HANDLER_IDLE_PCT)).isCloseTo(37.5, within(1e-3));
        assertThat(value(s, Metric.NETWORK_PROCESSOR_IDLE_PCT)).isCloseTo(90.12884, within(1e-6));
        assertThat(value(s, Metric.UNDER_REPLICATED)).isEqualTo(2.0);
        assertThat(value(s, Metric.PRODUCE_TIME_P99_MS)).isEqualTo(12.5);
        assertThat(value(s, Metric.FETCH_TIME_P99_MS)).isEqualTo(501.0);
        assertThat(value(s, Metric.ISR_SHRINKS_PER_S)).isCloseTo(1.0, within(1e-9));
        assertThat(value(s, Metric.ISR_EXPANDS_PER_S)).isEqualTo(0.0);
        assertThat(value(s, Metric.GC_MS_PER_S)).isCloseTo(22.5, within(1e-6));
        assertThat(value(s, Metric.GC_COUNT_PER_S)).isCloseTo(1.5, within(1e-9));
        assertThat(value(s, Metric.CPU_CORES)).isCloseTo(0.4, within(1e-6));
    }

    @Test
    void should_not_count_node_exporters_own_process_cpu_as_a_second_broker_cpu_sample() throws Exception {
        // a remote broker with only node_exporter: its endpoint is the broker's only one, so process CPU is asked for,
        // but node_exporter's process_cpu_seconds_total is node_exporter's own (a Go process), not the broker's
        PrometheusSampler sampler = new PrometheusSampler(serve("node_exporter-1.txt", "node_exporter-2.txt"),
                "broker-2", Duration.ofSeconds(2), OptionalDouble.of(1e9), OptionalDouble.of(1.25e9), true);

        sampler.sample(1_000);
        List<ResourceSample> second = sampler.sample(2_000);

        assertThat(second.stream().filter(s -> s.metric().equals(Metric.CPU_CORES))).singleElement()
                .satisfies(s -> assertThat(s.value()).isCloseTo(1.2, within(1e-6)));
    }

    @Test
    void should_leave_process_cpu_out_when_node_exporter_covers_the_host() throws Exception {
        PrometheusSampler sampler = new PrometheusSampler(serve("jmx_exporter_kafka-1.txt", "jmx_exporter_kafka-2.txt"),
                "broker-1", Duration.ofSeconds(2), OptionalDouble.empty(), OptionalDouble.empty(), false);

        sampler.sample(10_000);
        List<ResourceSample> s = sampler.sample(11_000);

        assertThat(s).extracting(ResourceSample::metric).contains(Metric.BYTES_IN_BPS).doesNotContain(Metric.CPU_CORES);
    }

    @Test
    void should_report_the_http_status_of_a_failed_scrape() throws Exception {
        status = 503;
        URI endpoint = serve("node_exporter-1.txt");
        PrometheusSampler sampler = new PrometheusSampler(endpoint, "broker-1", Duration.ofSeconds(2), OptionalDouble.empty(), OptionalDouble.empty(), true);

        assertThatThrownBy(() -> sampler.sample(1_000)).isInstanceOf(IOException.class).hasMessageContaining("HTTP 503");
    }

    @Test
    void should_send_credentials_from_the_url_without_showing_them() throws Exception {
        URI plain = serve("node_exporter-1.txt");
        URI withSecret = URI.create("http://scraper:s3cret@127.0.0.1:" + plain.getPort() + "/metrics");
        PrometheusSampler sampler = new PrometheusSampler(withSecret, "broker-1", Duration.ofSeconds(2), OptionalDouble.empty(), OptionalDouble.empty(), true);

        sampler.sample(1_000);

        assertThat(authorization.get()).isEqualTo("Basic " + java.util.Base64.getEncoder()
                .encodeToString("scraper:s3cret".getBytes(StandardCharsets.UTF_8)));
        assertThat(sampler.name()).doesNotContain("s3cret").contains("127.0.0.1");
    }

    @Test
    void should_report_the_brokers_container_cpu_and_move_the_nodes_cpu_to_its_own_source() throws Exception {
        // one endpoint serving both (a federating scraper): the container's CPU is the broker's, the node's is the node's
        PrometheusSampler sampler = new PrometheusSampler(serveText(
                        FixtureText.read("node_exporter_vm-1.txt") + FixtureText.read("cadvisor-1.txt"),
                        FixtureText.read("node_exporter_vm-2.txt") + FixtureText.read("cadvisor-2.txt")),
                "broker-2", Duration.ofSeconds(2), OptionalDouble.empty(), OptionalDouble.empty(), true);

        sampler.sample(10_000);
        List<ResourceSample> second = sampler.sample(25_000);

        assertThat(sampler.brokerContainer()).contains("my-cluster-kafka-2/kafka");
        assertThat(find(second, "broker-2", Metric.CPU_CORES).value()).isCloseTo(0.38, within(1e-9));
        assertThat(find(second, "broker-2", Metric.CPU_CORES).capacity().orElseThrow()).isCloseTo(0.4, within(1e-12));
        assertThat(find(second, "node-of-broker-2", Metric.CPU_CORES).value()).isCloseTo(2.0, within(1e-6));
        assertThat(find(second, "node-of-broker-2", Metric.CPU_STEAL_PCT).value()).isCloseTo(25.0, within(1e-6));
        assertOneOriginPerSourceAndMetric(second);
    }

    @Test
    void should_move_the_nodes_cpu_off_the_broker_when_another_endpoint_of_the_broker_serves_its_container() throws Exception {
        // kubelet's /metrics/cadvisor and node_exporter, both given as 2=URL: MonitorSources hands them one flag
        BrokerOwnCpu brokerContainer = new BrokerOwnCpu();
        PrometheusSampler nodeExporter = new PrometheusSampler(serve("node_exporter_vm-1.txt", "node_exporter_vm-2.txt"),
                "broker-2", Duration.ofSeconds(2), OptionalDouble.empty(), OptionalDouble.empty(), false, brokerContainer);
        PrometheusSampler kubelet = new PrometheusSampler(serve("cadvisor-1.txt", "cadvisor-2.txt"),
                "broker-2", Duration.ofSeconds(2), OptionalDouble.empty(), OptionalDouble.empty(), false, brokerContainer);

        // node_exporter answers first in both rounds: its first scrape has no rates yet, so it cannot claim the broker
        List<ResourceSample> step = new ArrayList<>(nodeExporter.sample(10_000));
        step.addAll(kubelet.sample(10_000));
        step.addAll(nodeExporter.sample(25_000));
        step.addAll(kubelet.sample(25_000));

        assertThat(step).filteredOn(s -> s.metric().equals(Metric.CPU_CORES))
                .extracting(ResourceSample::source).containsExactlyInAnyOrder("node-of-broker-2", "broker-2");
        assertThat(find(step, "broker-2", Metric.CPU_CORES).value()).isCloseTo(0.38, within(1e-9));
        assertThat(find(step, "node-of-broker-2", Metric.CPU_PRESSURE_PCT).value()).isCloseTo(62.0, within(1e-6));
    }

    @Test
    void should_keep_the_nodes_cpu_on_the_broker_when_no_endpoint_serves_its_container() throws Exception {
        PrometheusSampler sampler = new PrometheusSampler(serve("node_exporter_vm-1.txt", "node_exporter_vm-2.txt"),
                "broker-2", Duration.ofSeconds(2), OptionalDouble.empty(), OptionalDouble.empty(), true);

        sampler.sample(10_000);
        List<ResourceSample> second = sampler.sample(25_000);

        assertThat(sampler.brokerContainer()).isEmpty();
        assertThat(find(second, "broker-2", Metric.CPU_CORES).value()).isCloseTo(2.0, within(1e-6));
        assertThat(second).extracting(ResourceSample::source).containsOnly("broker-2");
    }

    private static void assertOneOriginPerSourceAndMetric(List<ResourceSample> samples) {
        assertThat(samples).extracting(s -> s.source() + " " + s.metric()).doesNotHaveDuplicates();
    }

    private static ResourceSample find(List<ResourceSample> samples, String source, String metric) {
        return samples.stream().filter(s -> s.source().equals(source) && s.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + metric + " of " + source + " in " + samples));
    }

    private static ResourceSample find(List<ResourceSample> samples, String metric) {
        return samples.stream().filter(s -> s.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + metric + " in " + samples));
    }

    private static double value(List<ResourceSample> samples, String metric) {
        return find(samples, metric).value();
    }
}
