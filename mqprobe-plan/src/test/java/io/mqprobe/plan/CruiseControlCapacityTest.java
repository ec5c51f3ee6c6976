package io.mqprobe.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.plan.MeasuredCapacity.Basis;
import io.mqprobe.scenario.CapacityUnit;
import io.mqprobe.search.Thresholds;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The capacity files against Cruise Control's published format (its {@code config/capacity.json} and
 * {@code capacityCores.json} and the rules its file resolver applies): an object holding only {@code brokerCapacities},
 * each entry an integer {@code brokerId} (-1 = every broker without an entry of its own) and a {@code capacity} of
 * exactly DISK, CPU, NW_IN and NW_OUT, every value a string of a number (DISK in MiB, NW in KiB/s, CPU in percent), or
 * CPU as {@code {"num.cores": N}} with N a whole number Cruise Control reads as a short.
 */
class CruiseControlCapacityTest {

    private static final Set<String> RESOURCES = Set.of("DISK", "CPU", "NW_IN", "NW_OUT");

    private static SizedPlan plan(Double cores, Double nicCeiling) {
        MeasuredCapacity m = new MeasuredCapacity("probe.json", "kafka", CapacityUnit.BYTES,
                new Basis("replicated-all", 3, 3, 60e6, 60_000, "", "cpu / broker-1", null),
                null, cores, null, 1000, 0.5, null, "unknown", nicCeiling, "probed", Thresholds.defaults());
        return Planner.plan(new BusinessLoad(100e6, 1000, Duration.ofDays(1), 3, 1, 1, 0.25, 0, 1), m, false);
    }

    @Test
    void should_write_capacity_json_as_cruise_control_reads_it() throws Exception {
        SizedPlan plan = plan(0.5, 1.25e9);
        CruiseControlCapacity capacity = CruiseControlCapacity.of(plan);
        JsonNode json = new ObjectMapper().readTree(capacity.capacityJson().toString());

        JsonNode broker = onlyEntry(json);
        assertThat(broker.path("capacity").get("CPU").asText()).isEqualTo("100");
        double disk = plan.figures().stream().filter(f -> f.figure().equals("disk per broker")).findFirst().orElseThrow().value();
        assertThat(Double.parseDouble(broker.path("capacity").get("DISK").asText())).isEqualTo(Math.ceil(disk / (1 << 20)));
        // the measured NIC, 1.25e9 B/s, in KiB/s
        assertThat(Double.parseDouble(broker.path("capacity").get("NW_IN").asText())).isEqualTo(Math.round(1.25e9 / 1024));
        assertThat(broker.path("capacity").get("NW_OUT").asText()).isEqualTo(broker.path("capacity").get("NW_IN").asText());
        assertThat(broker.path("doc").asText()).contains("the NIC ceiling the probe measured");
    }

    @Test
    void should_write_whole_cores_into_capacity_cores_json() throws Exception {
        JsonNode json = new ObjectMapper().readTree(CruiseControlCapacity.of(plan(0.5, 1.25e9)).capacityCoresJson().toString());
        JsonNode cpu = onlyEntry(json).path("capacity").get("CPU");
        assertThat(cpu.isObject()).isTrue();
        assertThat(List.of(cpu.fieldNames().next())).containsExactly("num.cores");
        assertThat(Short.parseShort(cpu.get("num.cores").asText())).isEqualTo((short) 1);   // 0.5 cores, rounded up
        assertThat(onlyEntry(json).path("doc").asText()).contains("rounded up to whole cores");
    }

    @Test
    void should_fall_back_to_the_planned_nic_and_leave_cores_out_when_not_measured() {
        SizedPlan plan = plan(null, null);
        CruiseControlCapacity capacity = CruiseControlCapacity.of(plan);
        double link = plan.figures().stream().filter(f -> f.figure().equals("NIC per broker")).findFirst().orElseThrow().value();
        assertThat(capacity.nwInKibPerSecond()).isEqualTo(Math.round(link / 1024));
        assertThat(capacity.capacityCoresJson()).isNull();
        assertThat(capacity.doc()).contains("no NIC ceiling was measured");
    }

    @Test
    void should_write_none_for_rocketmq() {
        MeasuredCapacity rocket = new MeasuredCapacity("article", "rocketmq", CapacityUnit.MASTER_TPS,
                new Basis("master-slave", 3, 1, 35e6, 70_000, "", "nic", null),
                null, null, null, 500, null, null, "unknown", null, "unknown", Thresholds.defaults());
        SizedPlan plan = Planner.plan(new BusinessLoad(25e6, 500, Duration.ofHours(72), 3, 1, 1, 0.3, 0, 1), rocket, false);
        assertThat(CruiseControlCapacity.of(plan)).isNull();
    }

    private static JsonNode onlyEntry(JsonNode json) {
        assertThat(List.of(json.fieldNames().next())).containsExactly("brokerCapacities");
        assertThat(json.size()).isEqualTo(1);
        JsonNode entries = json.get("brokerCapacities");
        assertThat(entries.isArray()).isTrue();
        assertThat(entries).hasSize(1);
        JsonNode broker = entries.get(0);
        assertThat(Integer.parseInt(broker.get("brokerId").asText())).isEqualTo(-1);
        JsonNode capacity = broker.get("capacity");
        assertThat(Set.copyOf(iterate(capacity))).isEqualTo(RESOURCES);
        for (String resource : List.of("DISK", "NW_IN", "NW_OUT")) {
            assertThat(capacity.get(resource).isTextual()).as(resource + " is a string").isTrue();
            assertThat(Double.parseDouble(capacity.get(resource).asText())).as(resource).isPositive();
        }
        return broker;
    }

    private static List<String> iterate(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
