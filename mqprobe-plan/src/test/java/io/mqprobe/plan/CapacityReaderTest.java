package io.mqprobe.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultReading;
import io.mqprobe.scenario.CapacityUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** What a plan reads from result documents, from documents shaped as probe writes them. */
class CapacityReaderTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A probe over 3 brokers of 0.5 cores. */
    private static ObjectNode probe() {
        ObjectNode result = JSON.createObjectNode().put("schema", "mqprobe.result/v2").put("command", "probe");
        ObjectNode target = result.putObject("target").put("driver", "kafka");
        ArrayNode brokers = target.putArray("brokers");
        for (int id = 1; id <= 3; id++) {
            brokers.addObject().put("id", id);
        }
        result.putObject("ceilings").put("diskWriteBytesPerSecond", 400e6).put("diskSource", "probed")
                .put("nicBytesPerSecond", 1.25e9).put("nicSource", "configured");
        result.putObject("thresholds").put("cpuPct", 70).put("diskPct", 80).put("nicPct", 80);
        result.putArray("scenarios");
        return result;
    }

    private static ObjectNode scenario(ObjectNode result, String name, int partitions, int rf, String placement,
                                       Double sustainableBytes, String bottleneck, String source, String limitedBy) {
        ObjectNode s = ((ArrayNode) result.get("scenarios")).addObject().put("name", name);
        s.putObject("topic").put("partitions", partitions).put("replicationFactor", rf).put("placement", placement);
        s.putObject("producer").put("recordSizeBytes", 1024);
        ObjectNode step = s.putArray("steps").addObject().put("index", 4);
        ArrayNode resources = step.putArray("resources");
        resources.addObject().put("source", "broker-1").put("metric", "cpu.cores").put("mean", 0.3).put("capacity", 0.5);
        resources.addObject().put("source", "broker-2").put("metric", "cpu.cores").put("mean", 0.2).put("capacity", 0.5);
        resources.addObject().put("source", "client").put("metric", "cpu.cores").put("mean", 0.45).put("capacity", 0.5);
        ObjectNode verdict = s.putObject("verdict").put("kind", "probe");
        verdict.putObject("ceiling").put("step", 1).put("bytesPerSecond", 3e8);
        if (sustainableBytes != null) {
            verdict.putObject("sustainable").put("step", 4).put("bytesPerSecond", sustainableBytes)
                    .put("recordsPerSecond", sustainableBytes / 1024).put("limitedBy", limitedBy);
        }
        verdict.putObject("bottleneck").put("resource", bottleneck).put("source", source).put("summary", bottleneck);
        return s;
    }

    /** A hand-built tree as the records a result file reads back as. */
    private static ResultDocument document(JsonNode result) {
        return ResultReading.document(result, "the test's result");
    }

    /** The default matrix as this machine's probes leave it: single and broker-ceiling co-limited with the client. */
    private static ObjectNode defaultProbe() {
        ObjectNode result = probe();
        scenario(result, "single", 1, 1, "broker-chosen", 190e6, "co-limited", "broker-2+client", "no threshold reached up to 190,000 msgs/s offered");
        scenario(result, "broker-ceiling", 6, 1, "pinned to broker 1", 88e6, "co-limited", "broker-1+client", "broker-1 CPU 83 % > 75 %");
        scenario(result, "replicated-all", 6, 3, "broker-chosen", 68e6, "cpu", "broker-1", "p99 415 ms > SLO 200 ms");
        scenario(result, "replicated-leader", 6, 3, "broker-chosen", 100e6, "co-limited", "broker-1+client", "broker-1 CPU 80 % > 75 %");
        return result;
    }

    @Test
    void should_rest_a_replicated_plan_on_the_lowest_replicated_load_per_broker() {
        MeasuredCapacity m = CapacityReader.of(document(defaultProbe()), "run", null, 3);
        // replicated-all: 68 × 3 ÷ 3 = 68 MB/s per broker, below replicated-leader's 100
        assertThat(m.basis().scenario()).isEqualTo("replicated-all");
        assertThat(m.basis().nodes()).isEqualTo(3);
        assertThat(m.basis().perNodeBytesPerSecond(CapacityUnit.BYTES)).isEqualTo(68e6);
        assertThat(m.basis().lowerBound()).isNull();
        assertThat(m.coresPerBroker()).isEqualTo(0.5);
        assertThat(m.busiestCpuShare()).isCloseTo(0.6, within(1e-9));   // broker-1 0.3 of 0.5; the client is not a broker
        assertThat(m.thresholds().cpuPct()).isEqualTo(70);
        assertThat(m.nicSource()).isEqualTo("configured");
        // one partition's figure comes from the single-partition scenario, marked as the lower bound it is
        assertThat(m.partition().bytesPerSecond()).isEqualTo(190e6);
        assertThat(m.partition().lowerBound()).contains("load generator was among the limits");
    }

    @Test
    void should_rest_an_unreplicated_plan_on_the_pinned_broker_and_know_it_is_a_lower_bound() {
        MeasuredCapacity m = CapacityReader.of(document(defaultProbe()), "run", null, 1);
        assertThat(m.basis().scenario()).isEqualTo("broker-ceiling");
        assertThat(m.basis().nodes()).isEqualTo(1);    // pinned: one broker took it all
        assertThat(m.basis().lowerBound()).contains("broker-1+client");
    }

    @Test
    void should_take_the_scenario_named_and_refuse_unknown_ones() {
        assertThat(CapacityReader.of(document(defaultProbe()), "run", "replicated-leader", 3).basis().scenario()).isEqualTo("replicated-leader");
        assertThatThrownBy(() -> CapacityReader.of(document(defaultProbe()), "run", "nope", 3)).isInstanceOf(PlanRefusal.class)
                .hasMessageContaining("no probed scenario named nope");
    }

    @Test
    void should_call_nothing_broken_a_lower_bound() {
        ObjectNode result = probe();
        scenario(result, "replicated-all", 6, 3, "broker-chosen", 68e6, "none", null, "no threshold reached up to 66,000 msgs/s offered");
        assertThat(CapacityReader.of(document(result), "run", null, 3).basis().lowerBound()).startsWith("nothing broke up to the highest rate");
    }

    @Test
    void should_refuse_results_without_a_sustainable_load() {
        ObjectNode none = probe();
        scenario(none, "replicated-all", 6, 3, "broker-chosen", null, "cpu", "broker-1", null);
        assertThatThrownBy(() -> CapacityReader.of(document(none), "run.json", null, 3)).isInstanceOf(PlanRefusal.class)
                .hasMessageStartingWith("run.json has no sustainable load");
        ObjectNode e2e = probe().put("command", "e2e");
        // a single-run verdict as e2e writes it: its problems, none here
        ((ArrayNode) e2e.get("scenarios")).addObject().put("name", "e2e").putObject("verdict").put("kind", "single-run")
                .putArray("problems");
        assertThatThrownBy(() -> CapacityReader.of(document(e2e), "e2e.json", null, 3)).isInstanceOf(PlanRefusal.class)
                .hasMessageContaining("is a e2e result without a probe verdict");
    }

    @Test
    void should_read_every_size_of_an_instance_size_probe(@TempDir Path dir) throws Exception {
        ObjectNode parent = JSON.createObjectNode().put("schema", "mqprobe.result/v2").put("command", "probe")
                .put("experiment", "instance-sizes");
        ArrayNode rows = parent.putArray("instanceSizes");
        for (String spec : List.of("0.5c1g", "1c2g")) {
            rows.addObject().put("spec", spec).put("scenario", "replicated-all").put("runDir", spec);
            rows.addObject().put("spec", spec).put("scenario", "single").put("runDir", spec);
            Files.createDirectories(dir.resolve(spec));
            JSON.writeValue(dir.resolve(spec).resolve("result.json").toFile(), defaultProbe());
        }
        JSON.writeValue(dir.resolve("result.json").toFile(), parent);

        List<MeasuredCapacity> sizes = CapacityReader.read(dir.resolve("result.json"), null, 3);

        assertThat(sizes).extracting(MeasuredCapacity::label).containsExactly("0.5c1g", "1c2g");
    }

    @Test
    void should_read_a_real_v2_document() throws Exception {
        JsonNode sample = JSON.readTree(getClass().getResourceAsStream("/probe-run.json"));
        MeasuredCapacity m = CapacityReader.of(document(sample), "probe-run.json", null, 3);
        assertThat(m.basis().scenario()).isEqualTo("replicated-all");
        assertThat(m.basis().bytesPerSecond()).isCloseTo(68627061.802, within(1e-3));
        assertThat(m.coresPerBroker()).isEqualTo(0.5);
        assertThat(m.partition().scenario()).isEqualTo("single");
    }
}
