package io.mqprobe.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.api.Durability;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Ceiling;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.search.Thresholds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultReadingTest {

    @Test
    void should_read_a_written_document_back_as_the_records_that_wrote_it_byte_for_byte(@TempDir Path dir) {
        ResultDocument written = document();
        ResultFile file = new ResultFile(dir.resolve("result.json"), written);
        file.write();

        ResultDocument read = ResultReading.read(file.path());

        assertThat(new String(read.toJson())).isEqualTo(new String(written.toJson()));
        assertThat(read.command()).isEqualTo("produce");
        assertThat(read.complete()).isTrue();
        assertThat(read.thresholds()).contains(Thresholds.defaults());
        assertThat(read.ceilings().orElseThrow().nic()).isEqualTo(new Ceiling(1e9, "probed"));
        ScenarioResult scenario = read.scenarios().get(0);
        assertThat(scenario.producer().durability()).isEqualTo(Durability.LEADER);
        assertThat(scenario.verdict()).isEqualTo(new SingleRunVerdict(List.of("3 lost"), false));
        StepResult step = scenario.steps().get(0);
        assertThat(step.bytesPerSecond()).isEqualTo(2_048_000.5);
        // an unknown capacity was written as null and reads back as unknown, not as 0 %
        assertThat(step.resources().get(0).capacity()).isEmpty();
        assertThat(step.resources().get(0).hasCapacity()).isFalse();
        assertThat(read.timeline().get(0).capacity()).isEmpty();
    }

    @Test
    void should_skip_what_it_does_not_know_and_read_an_unknown_verdict_kind_as_none(@TempDir Path dir) throws Exception {
        ObjectNode tree = (ObjectNode) ResultJson.MAPPER.readTree(document().toJson());
        tree.put("writtenByANewerRelease", true);
        ObjectNode verdict = (ObjectNode) tree.get("scenarios").get(0).get("verdict");
        verdict.put("kind", "a-kind-of-the-future");
        ((ObjectNode) tree.get("scenarios").get(0).get("steps").get(0)).remove("settle");
        Path file = dir.resolve("newer.json");
        Files.write(file, ResultJson.MAPPER.writeValueAsBytes(tree));

        ResultDocument read = ResultReading.read(file);

        assertThat(read.scenarios().get(0).verdict()).isNull();
        assertThat(read.scenarios().get(0).steps().get(0).settle()).isNull();
        assertThat(read.scenarios().get(0).steps().get(0).records()).isEqualTo(1000);
    }

    @Test
    void should_read_a_newer_releases_bottleneck_kind_as_written_and_a_single_run_without_problems_as_passed(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("newer.json");
        Files.writeString(file, """
                {"schema": "mqprobe.result/v2", "command": "probe",
                 "scenarios": [{"name": "single", "verdict": {"kind": "probe",
                     "ceiling": {"step": 1, "recordsPerSecond": 1000, "bytesPerSecond": 1024000},
                     "bottleneck": {"resource": "gpu", "source": "broker-1", "summary": "gpu / broker-1", "evidence": []}}},
                   {"name": "e2e", "verdict": {"kind": "single-run"}}]}
                """);

        ResultDocument read = ResultReading.read(file);

        assertThat(read.scenarios().get(0).verdict()).isInstanceOfSatisfying(ProbeVerdict.class,
                v -> assertThat(v.findings().bottleneck().resource()).isEqualTo("gpu"));
        assertThat(read.scenarios().get(1).verdict().passed()).isTrue();
    }

    @Test
    void should_read_a_v1_probe_verdict_without_a_kind_and_its_acks_as_durability(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("v1.json");
        Files.writeString(file, """
                {"schema": "mqprobe.result/v1", "command": "probe", "complete": true,
                 "thresholds": {"cpuPct": 75, "sloP99Ms": 200},
                 "scenarios": [{"name": "single", "producer": {"recordSizeBytes": 1024, "acks": "all"},
                   "verdict": {"ceiling": {"step": 1, "recordsPerSecond": 174740.952, "bytesPerSecond": 178934735.238},
                               "knee": null, "stopReason": "max steps"}}]}
                """);

        ResultDocument read = ResultReading.read(file);

        assertThat(read.schema()).isEqualTo("mqprobe.result/v1");
        // a file that does not say where it ran was not run on the machine reading it
        assertThat(read.environment()).isNull();
        assertThat(read.experiment()).isEqualTo("probe");
        ScenarioResult single = read.scenarios().get(0);
        assertThat(single.producer().durability()).isEqualTo(Durability.ALL_REPLICAS);
        assertThat(single.verdict()).isInstanceOfSatisfying(ProbeVerdict.class,
                v -> assertThat(v.findings().ceiling().bytesPerSecond()).isEqualTo(178934735.238));
        // thresholds written before the plateau rule was recorded take the method's
        assertThat(read.thresholds().orElseThrow().plateauGainPct()).isEqualTo(Thresholds.defaults().plateauGainPct());
        assertThat(read.steps("single")).isEmpty();
    }

    @Test
    void should_refuse_what_is_not_a_result_document_in_one_line(@TempDir Path dir) throws Exception {
        Path other = Files.writeString(dir.resolve("other.json"), "{\"schema\": \"something/else\"}");
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"schema\": ");
        Path badShape = Files.writeString(dir.resolve("shape.json"), "{\"schema\": \"mqprobe.result/v2\", \"scenarios\": 3}");

        assertThatThrownBy(() -> ResultReading.read(other)).isInstanceOf(UsageException.class)
                .hasMessageContaining("is not an mqprobe result document (schema 'something/else'");
        assertThatThrownBy(() -> ResultReading.read(broken)).isInstanceOf(UsageException.class).hasMessageContaining("is not valid JSON");
        assertThatThrownBy(() -> ResultReading.read(badShape)).isInstanceOf(UsageException.class)
                .hasMessageContaining("does not read as a result document at scenarios").hasMessageNotContaining("\n");
        assertThatThrownBy(() -> ResultReading.read(dir.resolve("none.json"))).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("no such file");
    }

    private static ResultDocument document() {
        ResultDocument doc = new ResultDocument("produce", List.of("--duration", "5s"));
        doc.setThresholds(Thresholds.defaults());
        doc.setCeilings(new ResultDocument.Ceilings(null, new Ceiling(1e9, "probed")));
        doc.startScenario(new ScenarioResult("produce", "one step", new ScenarioResult.TopicLayout("t", 3, 1, "broker"),
                new ScenarioResult.ProducerSetup(1024, Durability.LEADER, Map.of("linger.ms", "5"))));
        doc.recordStep("produce", new StepResult(0, 1, null, "2026-11-30T06:00:00Z", 1000, 5000, 1000, 1_024_000, 200,
                2_048_000.5, Map.of(), null, null, null, null, null,
                List.of(ResourceUsage.withoutCapacity("broker-1", "cpu.cores", 0.3, 0.4)), Map.of("batch-size-avg", 16384.0),
                null, null, null, new StepResult.Settle(12, true, null, 0, null, List.of()), "client compiling 80 ms/s of CPU"));
        doc.completeScenario("produce", new SingleRunVerdict(List.of("3 lost"), false));
        doc.addSample(ResourceSample.of(1000, "broker-1", "cpu.cores", 0.3));
        doc.finish(false, null);
        return doc;
    }
}
