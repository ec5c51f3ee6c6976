package io.mqprobe.mirror;

import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/** A mirror verdict is written with its kind and read back by it, though core does not know the kind. */
class MirrorVerdictJsonTest {

    @Test
    void should_write_the_verdict_with_its_kind_and_read_it_back() throws Exception {
        Verdict mirror = new MirrorVerdict(40e6, 39e6, new LatencySummary(900, 2000, 5000, 9000, 12000, 1100, 1000),
                1000, 0, 2, OptionalDouble.of(0.6), OptionalDouble.of(0.016), OptionalDouble.of(38e6), OptionalDouble.of(40e6),
                List.of(MirrorVerdict.AT_LEAST_ONCE));

        String json = ResultJson.MAPPER.writeValueAsString(mirror);

        assertThat(ResultJson.MAPPER.readTree(json).get("kind").asText()).isEqualTo("mirror");
        assertThat(ResultJson.MAPPER.readValue(json, Verdict.class)).isEqualTo(mirror);
    }

    @Test
    void should_write_what_was_not_measured_as_null_and_read_it_back_as_unknown() throws Exception {
        MirrorVerdict remote = new MirrorVerdict(40e6, 39e6, null, 1000, 0, 0, OptionalDouble.empty(), OptionalDouble.empty(),
                OptionalDouble.of(38e6), OptionalDouble.empty(), List.of(MirrorVerdict.AT_LEAST_ONCE));

        String json = ResultJson.MAPPER.writeValueAsString(remote);
        MirrorVerdict read = (MirrorVerdict) ResultJson.MAPPER.readValue(json, Verdict.class);

        assertThat(json).contains("\"mirrorCpuCores\":null", "\"mirrorCpuSecondsPerMiB\":null", "\"leaderWriteBytesPerSecond\":null",
                "\"replicationBytesPerSecond\":38000000");
        assertThat(read.mirrorCpuCores()).isEmpty();
        assertThat(read.leaderWriteBytesPerSecond()).isEmpty();
        assertThat(read).isEqualTo(remote);
        assertThat(ResultJson.MAPPER.writeValueAsString(read)).isEqualTo(json);
    }
}
