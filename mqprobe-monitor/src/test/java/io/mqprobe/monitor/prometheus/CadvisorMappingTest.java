package io.mqprobe.monitor.prometheus;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@Timeout(10)
class CadvisorMappingTest {

    /** The fixtures' two scrapes are 15 s apart, a kubelet's housekeeping interval. */
    private static final long FIRST_MS = 10_000;
    private static final long SECOND_MS = 25_000;

    private final CadvisorMapping mapping = new CadvisorMapping("broker-2", 2);

    @Test
    void should_pick_the_kafka_container_of_the_brokers_pod_among_the_nodes_containers() {
        mapping.map(scrape("cadvisor-1.txt"), FIRST_MS);

        // redis-2 also ends in -2; the POD pause container and the pod's own cgroup (container="") are not containers
        assertThat(mapping.chosenContainer()).get().hasToString("my-cluster-kafka-2/kafka");
    }

    @Test
    void should_report_the_containers_cpu_against_its_quota() {
        mapping.map(scrape("cadvisor-1.txt"), FIRST_MS);
        List<ResourceSample> second = mapping.map(scrape("cadvisor-2.txt"), SECOND_MS);

        // kafka used 5.7 CPU-seconds in 15 s; the pod's cgroup 5.76, the pause container 0.003, redis-2 1.5
        ResourceSample cpu = find(second, Metric.CPU_CORES);
        assertThat(cpu.value()).isCloseTo(0.38, within(1e-9));
        // quota 40000 µs per 100000 µs period; redis-2's is a whole core
        assertThat(cpu.capacity().orElseThrow()).isCloseTo(0.4, within(1e-12));
        assertThat(find(second, Metric.CPU_LIMIT_CORES).value()).isCloseTo(0.4, within(1e-12));
        assertThat(second).allSatisfy(s -> assertThat(s.source()).isEqualTo("broker-2"));
    }

    @Test
    void should_report_the_share_of_quota_periods_in_which_the_container_was_throttled() {
        mapping.map(scrape("cadvisor-1.txt"), FIRST_MS);
        List<ResourceSample> second = mapping.map(scrape("cadvisor-2.txt"), SECOND_MS);

        // 71 of 100 periods; the pod's cgroup was throttled in 64 of its 100, redis-2 in none
        ResourceSample throttled = find(second, Metric.CPU_THROTTLED_SHARE);
        assertThat(throttled.value()).isCloseTo(0.71, within(1e-12));
        assertThat(throttled.capacity()).hasValue(1.0);
    }

    @Test
    void should_report_the_memory_limit_from_the_first_scrape() {
        List<ResourceSample> first = mapping.map(scrape("cadvisor-1.txt"), FIRST_MS);

        // limits are gauges: known at once, while rates need a second scrape; the pause container's limit is 0 (none)
        assertThat(first).extracting(ResourceSample::metric)
                .containsExactlyInAnyOrder(Metric.CPU_LIMIT_CORES, Metric.MEMORY_LIMIT_BYTES);
        assertThat(find(first, Metric.MEMORY_LIMIT_BYTES).value()).isEqualTo(2_147_483_648.0);
    }

    @Test
    void should_report_no_limit_and_unknown_capacity_for_a_container_without_a_quota() {
        mapping.map(scrape("cadvisor_unlimited-1.txt"), FIRST_MS);
        List<ResourceSample> second = mapping.map(scrape("cadvisor_unlimited-2.txt"), SECOND_MS);

        // no container_spec_cpu_quota, no CFS counters, memory limit 0
        assertThat(second).extracting(ResourceSample::metric).containsExactly(Metric.CPU_CORES);
        assertThat(find(second, Metric.CPU_CORES).value()).isCloseTo(1.24, within(1e-9));
        assertThat(find(second, Metric.CPU_CORES).capacity()).isEmpty();
    }

    @Test
    void should_wait_for_cadvisor_to_read_the_cgroups_again_instead_of_reporting_an_idle_broker() {
        mapping.map(scrape("cadvisor-1.txt"), FIRST_MS);
        // scraped every 5 s, but the kubelet read the cgroups only after 15 s
        List<ResourceSample> stale = mapping.map(scrape("cadvisor-1.txt"), 15_000);
        mapping.map(scrape("cadvisor-1.txt"), 20_000);
        List<ResourceSample> fresh = mapping.map(scrape("cadvisor-2.txt"), SECOND_MS);

        assertThat(stale).extracting(ResourceSample::metric).doesNotContain(Metric.CPU_CORES, Metric.CPU_THROTTLED_SHARE);
        assertThat(find(fresh, Metric.CPU_CORES).value()).isCloseTo(0.38, within(1e-9));
        assertThat(find(fresh, Metric.CPU_THROTTLED_SHARE).value()).isCloseTo(0.71, within(1e-12));
    }

    @Test
    void should_choose_no_container_when_none_is_the_brokers() {
        CadvisorMapping broker7 = new CadvisorMapping("broker-7", 7);

        List<ResourceSample> first = broker7.map(scrape("cadvisor-1.txt"), FIRST_MS);
        List<ResourceSample> second = broker7.map(scrape("cadvisor-2.txt"), SECOND_MS);

        assertThat(broker7.chosenContainer()).isEmpty();
        assertThat(first).isEmpty();
        assertThat(second).isEmpty();
    }

    @Test
    void should_take_the_only_container_an_endpoint_serves_whatever_its_pod_is_called() {
        String oneContainer = """
                container_cpu_usage_seconds_total{container="",cpu="total",id="/",image="",name="",namespace="",pod=""} 9000.5
                container_cpu_usage_seconds_total{container="broker",cpu="total",id="/docker/4be1",image="apache/kafka:3.9.0",name="kafka-b",namespace="",pod=""} 812.25
                container_spec_memory_limit_bytes{container="broker",id="/docker/4be1",image="apache/kafka:3.9.0",name="kafka-b",namespace="",pod=""} 4294967296
                """;

        List<ResourceSample> first = mapping.map(TextFormatParser.parse(oneContainer), FIRST_MS);

        assertThat(mapping.chosenContainer()).get().extracting(CadvisorMapping.ContainerId::container).isEqualTo("broker");
        assertThat(find(first, Metric.MEMORY_LIMIT_BYTES).value()).isEqualTo(4_294_967_296.0);
    }

    @Test
    void should_choose_no_container_when_two_pods_of_the_broker_id_have_no_kafka_container() {
        String twoCandidates = """
                container_spec_memory_limit_bytes{container="zookeeper",namespace="kafka",pod="my-cluster-zookeeper-2"} 1073741824
                container_spec_memory_limit_bytes{container="redis",namespace="cache",pod="redis-2"} 536870912
                """;

        assertThat(mapping.map(TextFormatParser.parse(twoCandidates), FIRST_MS)).isEmpty();
        assertThat(mapping.chosenContainer()).isEmpty();
    }

    private static List<PromSample> scrape(String fixture) {
        return TextFormatParser.parse(FixtureText.read(fixture));
    }

    private static ResourceSample find(List<ResourceSample> samples, String metric) {
        return samples.stream().filter(s -> s.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + metric + " in " + samples));
    }
}
