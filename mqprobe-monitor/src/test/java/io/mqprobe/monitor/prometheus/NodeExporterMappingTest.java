package io.mqprobe.monitor.prometheus;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

@Timeout(10)
class NodeExporterMappingTest {

    private final NodeExporterMapping mapping = new NodeExporterMapping("broker-2", OptionalDouble.empty(), OptionalDouble.empty());

    /** The fixtures: a 4-vCPU cloud VM scraped 15 s apart, of its 60 CPU-seconds 30 busy, 12 idle, 3 iowait, 15 stolen. */
    private List<ResourceSample> secondScrape(String cpuSource) {
        mapping.map(scrape("node_exporter_vm-1.txt"), 10_000, cpuSource);
        return mapping.map(scrape("node_exporter_vm-2.txt"), 25_000, cpuSource);
    }

    @Test
    void should_report_the_share_of_cpu_time_stolen_by_the_hypervisor() {
        List<ResourceSample> second = secondScrape("broker-2");

        assertThat(find(second, Metric.CPU_STEAL_PCT).value()).isCloseTo(25.0, within(1e-6));
        assertThat(find(second, Metric.CPU_STEAL_PCT).capacity()).hasValue(100.0);
        assertThat(find(second, Metric.CPU_IOWAIT_PCT).value()).isCloseTo(5.0, within(1e-6));
    }

    @Test
    void should_count_stolen_time_neither_as_busy_nor_as_a_core_the_node_had() {
        List<ResourceSample> second = secondScrape("broker-2");

        ResourceSample cpu = find(second, Metric.CPU_CORES);
        // 30 of 60 CPU-seconds ran this node's work: 2 cores busy, of the 3 the hypervisor gave (4 × 45/60)
        assertThat(cpu.value()).isCloseTo(2.0, within(1e-6));
        assertThat(cpu.capacity().orElseThrow()).isCloseTo(3.0, within(1e-6));
    }

    @Test
    void should_report_cpu_pressure_as_a_share_of_wall_time() {
        List<ResourceSample> second = secondScrape("broker-2");

        // some task waited for a CPU 9.3 s of the 15 s; io and memory pressure are other series
        assertThat(find(second, Metric.CPU_PRESSURE_PCT).value()).isCloseTo(62.0, within(1e-6));
        assertThat(find(second, Metric.CPU_PRESSURE_PCT).capacity()).hasValue(100.0);
    }

    @Test
    void should_put_the_nodes_cpu_readings_on_the_cpu_source_and_keep_iowait_with_the_disk() {
        List<ResourceSample> second = secondScrape("node-of-broker-2");

        assertThat(second).filteredOn(s -> s.source().equals("node-of-broker-2")).extracting(ResourceSample::metric)
                .containsExactlyInAnyOrder(Metric.CPU_CORES, Metric.CPU_STEAL_PCT, Metric.CPU_PRESSURE_PCT);
        assertThat(find(second, Metric.CPU_IOWAIT_PCT).source()).isEqualTo("broker-2");
    }

    private static List<PromSample> scrape(String fixture) {
        return TextFormatParser.parse(FixtureText.read(fixture));
    }

    private static ResourceSample find(List<ResourceSample> samples, String metric) {
        return samples.stream().filter(s -> s.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + metric + " in " + samples));
    }
}
