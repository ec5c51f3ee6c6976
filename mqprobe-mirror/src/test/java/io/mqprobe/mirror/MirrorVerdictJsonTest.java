package io.mqprobe.mirror;

import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A mirror verdict is written with its kind and read back by it, though core does not know the kind. */
class MirrorVerdictJsonTest {

    @Test
    void should_write_the_verdict_with_its_kind_and_read_it_back() throws Exception {
        Verdict mirror = new MirrorVerdict(40e6, 39e6, new LatencySummary(900, 2000, 5000, 9000, 12000, 1100, 1000),
                1000, 0, 2, 0.6, 0.016, 38e6, 40e6, List.of(MirrorVerdict.AT_LEAST_ONCE));

        String json = ResultJson.MAPPER.writeValueAsString(mirror);

        assertThat(ResultJson.MAPPER.readTree(json).get("kind").asText()).isEqualTo("mirror");
        assertThat(ResultJson.MAPPER.readValue(json, Verdict.class)).isEqualTo(mirror);
    }
}
