package io.mqprobe.sweep;

import io.mqprobe.result.ResultJson;
import io.mqprobe.result.Verdict;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A sweep verdict is written with its kind and read back by it, though core does not know the kind. */
class SweepVerdictJsonTest {

    @Test
    void should_write_the_verdict_with_its_kind_and_read_it_back() throws Exception {
        Verdict sweep = new SweepVerdict("compression.type", Map.of("compression.type", "lz4"), 2, 3, null,
                Map.of("throughput.bytes_per_s", 4.2e7));

        String json = ResultJson.MAPPER.writeValueAsString(sweep);

        assertThat(ResultJson.MAPPER.readTree(json).get("kind").asText()).isEqualTo("sweep");
        assertThat(ResultJson.MAPPER.readValue(json, Verdict.class)).isEqualTo(sweep);
    }
}
