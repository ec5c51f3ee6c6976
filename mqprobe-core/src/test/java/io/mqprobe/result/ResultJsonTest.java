package io.mqprobe.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

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
}
