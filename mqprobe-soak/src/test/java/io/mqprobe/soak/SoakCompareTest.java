package io.mqprobe.soak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.report.Comparison;
import io.mqprobe.report.Samples;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.ResultReading;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code compare} of two soaks: the soak step's figures side by side, and whether each held. */
class SoakCompareTest {

    @Test
    void should_compare_the_soak_step_and_call_a_soak_that_broke_a_changed_verdict() {
        ObjectNode held = soak(new SoakRecording(300).judge(Duration.ofMinutes(5), 30e9, false));
        ObjectNode broke = soak(new SoakRecording(300).p99Us(s -> s >= 200 ? 450_000 : 10_000).judge(Duration.ofMinutes(5), 30e9, false));

        Comparison comparison = Comparison.of(List.of("a", "b"), List.of(ResultReading.document(held, "a"), ResultReading.document(broke, "b")));

        Comparison.Row verdict = comparison.rows().stream().filter(r -> r.figure().equals("verdict")).findFirst().orElseThrow();
        assertThat(verdict.values()).extracting(Comparison.Value::words).containsExactly("passed", "failed");
        assertThat(verdict.values().get(1).change()).isEqualTo(Comparison.Change.CHANGED);
        Comparison.Row throughput = comparison.rows().stream().filter(r -> r.figure().equals("throughput")).findFirst().orElseThrow();
        assertThat(throughput.values().get(0).mean()).as("the soak's step, not its warm-up's 1 B/s").isGreaterThan(1e3);
        assertThat(comparison.anyChange()).isTrue();
    }

    /** A soak's result file: a warm-up step, then the soak's, and its verdict. */
    private static ObjectNode soak(SoakVerdict verdict) {
        ObjectNode result = Samples.load(Samples.E2E);
        result.put("command", "soak");
        ObjectNode scenario = (ObjectNode) result.withArray("scenarios").get(0);
        JsonNode measured = scenario.withArray("steps").get(0).deepCopy();
        ObjectNode warm = ((ObjectNode) measured.deepCopy()).put("index", 0).put("bytesPerSecond", 1.0);
        scenario.putArray("steps").add(warm).add(((ObjectNode) measured).put("index", 1));
        scenario.set("verdict", ResultJson.MAPPER.valueToTree(verdict));
        return result;
    }
}
