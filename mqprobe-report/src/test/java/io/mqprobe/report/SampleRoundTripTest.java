package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.ResultReading;
import io.mqprobe.result.StepResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every stored result (the samples and the v1 probe) reads as its records and writes back the same document, and an
 * unknown capacity (null in the file) is an empty figure in the records, never NaN.
 */
@Timeout(30)
class SampleRoundTripTest {

    private static final List<String> STORED = List.of("/samples/" + Samples.FULL_PROBE + ".json", "/samples/" + Samples.E2E + ".json",
            "/samples/" + Samples.INTERRUPTED + ".json", "/samples/" + Samples.EMPTY + ".json",
            "/samples/" + Samples.SWEEP_GRID + ".json", "/samples/" + Samples.CHAOS + ".json", "/v1/probe-v1.json");

    @Test
    void should_write_every_stored_result_read_back_as_it_was_written() throws Exception {
        for (String name : STORED) {
            ResultDocument read = ResultReading.document(tree(name), name);
            byte[] written = read.toJson();
            ResultDocument again = ResultReading.document(ResultJson.MAPPER.readTree(written), name + " rewritten");

            assertThat(ResultJson.MAPPER.readTree(again.toJson())).as(name).isEqualTo(ResultJson.MAPPER.readTree(written));
        }
    }

    @Test
    void should_read_an_unknown_capacity_as_empty_and_a_known_one_as_written() throws Exception {
        JsonNode tree = tree("/samples/" + Samples.FULL_PROBE + ".json");
        ResultDocument read = ResultReading.document(tree, "probe-full");
        List<OptionalDouble> capacities = new ArrayList<>();
        read.scenarios().forEach(s -> s.steps().stream().map(StepResult::resources).forEach(rs -> rs.stream()
                .map(ResourceUsage::capacity).forEach(capacities::add)));
        read.timeline().stream().map(ResourceSample::capacity).forEach(capacities::add);
        List<JsonNode> written = new ArrayList<>();
        tree.path("scenarios").forEach(s -> s.path("steps").forEach(st -> st.path("resources").forEach(r -> written.add(r.get("capacity")))));
        tree.path("timeline").forEach(s -> written.add(s.get("capacity")));

        assertThat(capacities).hasSameSizeAs(written).anySatisfy(c -> assertThat(c).isEmpty());
        for (int i = 0; i < written.size(); i++) {
            JsonNode inFile = written.get(i);
            OptionalDouble inRecord = capacities.get(i);
            if (inFile == null || inFile.isNull()) {
                assertThat(inRecord).isEmpty();
            } else {
                assertThat(inRecord).hasValue(inFile.asDouble());
            }
        }
    }

    private static JsonNode tree(String name) throws Exception {
        try (InputStream in = SampleRoundTripTest.class.getResourceAsStream(name)) {
            return ResultJson.MAPPER.readTree(in);
        }
    }
}
