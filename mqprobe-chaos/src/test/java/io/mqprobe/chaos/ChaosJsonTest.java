package io.mqprobe.chaos;

import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.Verdict;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/** Chaos's plan and verdict are data: they survive JSON unchanged, the verdict read back by its kind. */
class ChaosJsonTest {

    @Test
    void should_round_trip_a_chaos_plan() throws Exception {
        ConsumerLoadSpec consumers = new ConsumerLoadSpec(List.of("t"), "g", 1, 0, Duration.ofSeconds(40), Map.of());
        ProducerLoadSpec producers = new ProducerLoadSpec("t", 3, 2, false, 1024, 5000, 0, Duration.ofSeconds(7),
                new PayloadSpec.Random(), Map.of("linger.ms", "5"), true);
        ChaosPlan plan = new ChaosPlan(TopicSpec.of("t", 6, 3).withConfigs(Map.of("min.insync.replicas", "2")), producers,
                consumers, List.of(FaultSpec.parse("restart:leader@5s"), FaultSpec.parse("kill:leader@2s")), 0, 30_000);

        String json = ResultJson.MAPPER.writeValueAsString(plan);

        assertThat(ResultJson.MAPPER.readValue(json, ChaosPlan.class)).isEqualTo(plan);
        assertThat(plan.faults().get(0).kind()).as("sorted by start").isEqualTo("kill");
    }

    @Test
    void should_write_the_verdict_with_its_kind_and_read_it_back() throws Exception {
        Verdict chaos = new ChaosVerdict(1000, 2, 0, 1, true, true, null, Map.of("TimeoutException", 3L),
                List.of(new ChaosVerdict.Fault("kill:leader@10000ms", List.of(2), "done", 123L, null,
                        800L, 9000L, 4000L, 10_000L, 40_000L, 1000, OptionalDouble.of(0), 14_000L, 3),
                        new ChaosVerdict.Fault("pause:leader@20000ms", List.of(), "not fired", null, null, null, null, null, null,
                                null, 1000, OptionalDouble.empty(), null, 0)),
                List.of("2 acknowledged messages lost"));

        String json = ResultJson.MAPPER.writeValueAsString(chaos);

        assertThat(ResultJson.MAPPER.readTree(json).get("kind").asText()).isEqualTo("chaos");
        assertThat(json).as("a fault that did not fire has no lowest rate").contains("\"lowestAckedPerSecond\":null");
        assertThat(ResultJson.MAPPER.readValue(json, Verdict.class)).isEqualTo(chaos);
    }
}
