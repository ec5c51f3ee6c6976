package io.mqprobe.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.ResourceUsage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

class ResultJsonTest {

    @Test
    void should_write_unknown_numbers_as_null_in_records_and_in_trees_alike(@TempDir Path dir) throws Exception {
        ObjectNode tree = ResultJson.MAPPER.createObjectNode().put("mean", Double.NaN).put("max", Double.POSITIVE_INFINITY)
                .put("rate", Float.NaN).put("p99", 4.25);
        tree.set("record", ResultJson.MAPPER.valueToTree(Map.of("value", Double.NaN)));
        Path file = dir.resolve("tree.json");

        ResultJson.writeFile(file, tree);

        String text = Files.readString(file);
        assertThat(text).doesNotContain("NaN").doesNotContain("Infinity");
        JsonNode back = ResultJson.MAPPER.readTree(text);
        assertThat(back.get("mean").isNull()).isTrue();
        assertThat(back.get("max").isNull()).isTrue();
        assertThat(back.get("rate").isNull()).isTrue();
        assertThat(back.get("p99").asDouble()).isEqualTo(4.25);
        assertThat(back.get("record").get("value").isNull()).isTrue();
    }

    /** A figure that may be unknown, as the records carry it: the same JSON a double would be. */
    record Figures(double plain, OptionalDouble maybe) {
    }

    @Test
    void should_write_a_known_optional_double_exactly_as_a_double_and_an_unknown_one_as_null() throws Exception {
        for (double v : new double[]{2.0, 0.1234567, 1e15, 123456.0005, -3.5, 0}) {
            String json = ResultJson.MAPPER.writeValueAsString(new Figures(v, OptionalDouble.of(v)));
            JsonNode tree = ResultJson.MAPPER.readTree(json);
            assertThat(tree.get("maybe").toString()).as("%s in %s", v, json).isEqualTo(tree.get("plain").toString());
        }
        assertThat(ResultJson.MAPPER.writeValueAsString(new Figures(1, OptionalDouble.empty())))
                .isEqualTo("{\"plain\":1,\"maybe\":null}");
    }

    @Test
    void should_read_null_an_absent_field_and_a_known_figure_as_the_optional_they_were_written_from() throws Exception {
        assertThat(ResultJson.MAPPER.readValue("{\"plain\": 1, \"maybe\": null}", Figures.class).maybe()).isEmpty();
        assertThat(ResultJson.MAPPER.readValue("{\"plain\": 1}", Figures.class).maybe()).isEmpty();
        assertThat(ResultJson.MAPPER.readValue("{\"plain\": 1, \"maybe\": 2.5}", Figures.class).maybe()).hasValue(2.5);
    }

    @Test
    void should_read_an_unknown_capacity_as_empty_never_as_nan() throws Exception {
        ResourceUsage usage = ResultJson.MAPPER.readValue(
                "{\"source\": \"broker-1\", \"metric\": \"disk.write.bytes_per_s\", \"mean\": 5, \"peak\": 7, \"capacity\": null}",
                ResourceUsage.class);
        ResourceSample sample = ResultJson.MAPPER.readValue(
                "{\"epochMs\": 1000, \"source\": \"host\", \"metric\": \"disk.read.bytes_per_s\", \"value\": 5}", ResourceSample.class);

        assertThat(usage.capacity()).isEmpty();
        assertThat(usage.hasCapacity()).isFalse();
        assertThat(usage.meanPct()).isEmpty();
        assertThat(usage.peakPct()).isEmpty();
        assertThat(sample.capacity()).isEmpty();
        assertThat(sample.percentOfCapacity()).isEmpty();
        assertThat(ResultJson.MAPPER.writeValueAsString(usage)).contains("\"capacity\":null");
    }
}
