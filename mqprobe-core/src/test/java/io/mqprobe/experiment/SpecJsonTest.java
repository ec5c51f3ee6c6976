package io.mqprobe.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.Durability;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.api.fault.FaultTarget;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.SingleRunVerdict;
import io.mqprobe.result.Verdict;
import io.mqprobe.scenario.ScenarioSpec;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.StepPoint;
import io.mqprobe.search.SustainablePoint;
import io.mqprobe.search.Thresholds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Every spec and plan is data: it survives JSON unchanged, and sealed types are written with named kinds. */
@Timeout(10)
class SpecJsonTest {

    private static <T> T roundTrip(T value, Class<? super T> type) throws Exception {
        String json = ResultJson.MAPPER.writeValueAsString(value);
        @SuppressWarnings("unchecked")
        T back = (T) ResultJson.MAPPER.readValue(json, type);
        return back;
    }

    private static ProducerLoadSpec producers(PayloadSpec payload) {
        return new ProducerLoadSpec("t", 3, 2, false, 1024, 5000, 0, Duration.ofSeconds(7), payload,
                Map.of("linger.ms", "5"), true);
    }

    @Test
    void should_round_trip_a_step_plan_with_every_load_kind_and_a_fault_action() throws Exception {
        ConsumerLoadSpec consumers = new ConsumerLoadSpec(List.of("t"), "g", 2, 0, Duration.ofMillis(37_500), Map.of("a", "b"));
        List<StepLoad> loads = List.of(new StepLoad.Produce(producers(new PayloadSpec.Random())),
                new StepLoad.ProduceAndConsume(producers(new PayloadSpec.Compressible(4)), consumers),
                new StepLoad.Consume(consumers),
                new StepLoad.Produce(producers(new PayloadSpec.FromFile(Path.of("/tmp/body.bin")))));
        for (StepLoad load : loads) {
            StepPlan plan = new StepPlan("s", 2, load, 2000, 15_000, List.of(
                    new StepAction.FaultAction(new FaultSpec.Pause(FaultTarget.broker(2), 10_000, 3000))));
            assertThat(roundTrip(plan, StepPlan.class)).isEqualTo(plan);
        }
        JsonNode json = ResultJson.MAPPER.valueToTree(new StepPlan("s", 0, loads.get(1), 0, 0,
                List.of(new StepAction.FaultAction(new FaultSpec.Kill(FaultTarget.LEADER, 0, 0)))));
        assertThat(json.get("load").get("kind").asText()).isEqualTo("produce-consume");
        assertThat(json.get("load").get("producers").get("payload").get("kind").asText()).isEqualTo("compressible");
        assertThat(json.get("load").get("producers").get("duration").asText()).isEqualTo("PT7S");
        assertThat(json.get("actions").get(0).get("kind").asText()).isEqualTo("fault");
        assertThat(json.get("actions").get(0).get("fault").get("kind").asText()).isEqualTo("kill");
    }

    @Test
    void should_round_trip_thresholds_scenarios_and_many_topic_loads() throws Exception {
        Thresholds thresholds = Thresholds.defaults().withSloP99(Duration.ofMillis(50));
        ScenarioSpec scenario = new ScenarioSpec("wide", "24 partitions", 24, 3, false, Durability.ALL_REPLICAS, 3,
                Map.of("compression.type", "lz4"));

        assertThat(roundTrip(thresholds, Thresholds.class)).isEqualTo(thresholds);
        assertThat(roundTrip(scenario, ScenarioSpec.class)).isEqualTo(scenario);
        ScenarioSpec many = scenario.withManyTopics(600, 10, 1200);
        assertThat(roundTrip(many, ScenarioSpec.class)).isEqualTo(many);
        ProducerLoadSpec manyTopics = new ProducerLoadSpec("a", 1, 4, true, 1024, 0, 0, Duration.ofSeconds(3),
                new PayloadSpec.Random(), Map.of(), false, List.of("b", "c"));
        assertThat(roundTrip(manyTopics, ProducerLoadSpec.class)).isEqualTo(manyTopics);
        assertThat(manyTopics.destinations()).containsExactly("a", "b", "c");
        assertThat(ResultJson.MAPPER.valueToTree(scenario).get("durability").asText()).isEqualTo("all-replicas");
    }

    @Test
    void should_write_verdicts_with_their_kind_and_read_them_back() throws Exception {
        Verdict probe = new ProbeVerdict(new ScenarioVerdict(new StepPoint(3, 90_000, 92e6), null,
                new SustainablePoint(5, 45_000, 46e6, "p99 612 ms > SLO 200 ms at step 6"),
                new Bottleneck("cpu", "broker-1", "broker-1 CPU 98 %", List.of("broker-1 CPU 1.96/2 cores (98 %)")),
                "plateau"));
        Verdict single = new SingleRunVerdict(List.of("3 messages lost, 0 duplicated"), true);

        assertThat(roundTrip(probe, Verdict.class)).isEqualTo(probe);
        assertThat(roundTrip(single, Verdict.class)).isEqualTo(single);
        JsonNode json = ResultJson.MAPPER.valueToTree(probe);
        assertThat(json.get("kind").asText()).isEqualTo("probe");
        // flat as in mqprobe.result/v1, so the report reads both
        assertThat(json.get("ceiling").get("recordsPerSecond").asDouble()).isEqualTo(90_000);
        assertThat(json.get("stopReason").asText()).isEqualTo("plateau");
        assertThat(ResultJson.MAPPER.valueToTree(single).get("kind").asText()).isEqualTo("single-run");
    }

    @Test
    void should_round_trip_a_broker_config_change_with_its_kind() throws Exception {
        StepPlan plan = new StepPlan("s", 0, new StepLoad.Produce(producers(new PayloadSpec.Random())), 0, 1000,
                List.of(new StepAction.BrokerConfigChange(2, "num.replica.fetchers", "4")));

        assertThat(roundTrip(plan, StepPlan.class)).isEqualTo(plan);
        assertThat(ResultJson.MAPPER.valueToTree(plan).get("actions").get(0).get("kind").asText()).isEqualTo("broker-config");
    }
}
