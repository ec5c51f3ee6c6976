package io.mqprobe.omb;

import io.mqprobe.load.KeyDistributor;
import io.mqprobe.api.UsageException;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.load.BacklogSpec;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class OmbPlanTest {

    private static final Duration DRAIN = Duration.ofSeconds(30);
    private final OmbDriverConfig driver = new OmbDriverConfig("Kafka", OmbFiles.KAFKA_DRIVER_CLASS, "kafka", 2, true,
            Map.of("min.insync.replicas", "1"), Map.of("client.id", "omb"), Map.of("acks", "all"),
            Map.of("auto.offset.reset", "earliest"));

    private static OmbWorkload workload(int topics, int subscriptions, double rate, Path payloadFile, double backlogGB,
                                        Map<String, Integer> sizes, KeyDistributor keys) {
        return new OmbWorkload("w", topics, 6, 1024, sizes, payloadFile, false, 0, 0, keys, subscriptions, 2, 3, rate,
                backlogGB, 1, Duration.ofMinutes(15), Duration.ofMinutes(1));
    }

    private static OmbWorkload workload(int topics, int subscriptions, double rate) {
        return workload(topics, subscriptions, rate, null, 0, Map.of(), KeyDistributor.NO_KEY);
    }

    @Test
    void should_spread_producers_per_topic_over_every_topic_at_the_total_rate() {
        OmbPlan plan = OmbPlan.of(workload(2, 1, 6000), "w.yaml", driver, "mqprobe-omb-w", null, null, DRAIN);

        assertThat(plan.topics()).extracting(t -> t.name()).containsExactly("mqprobe-omb-w-0", "mqprobe-omb-w-1");
        assertThat(plan.topics()).allSatisfy(t -> {
            assertThat(t.partitions()).isEqualTo(6);
            assertThat(t.replicationFactor()).isEqualTo(2);
            assertThat(t.configs()).isEqualTo(Map.of("min.insync.replicas", "1"));
        });
        ProducerLoadSpec producers = plan.producers();
        assertThat(producers.clients()).as("producersPerTopic × topics").isEqualTo(6);
        assertThat(producers.destinations()).containsExactly("mqprobe-omb-w-0", "mqprobe-omb-w-1");
        assertThat(producers.targetRecordsPerSecond()).isEqualTo(6000);
        assertThat(producers.duration()).isEqualTo(Duration.ofMinutes(16));
        assertThat(producers.producerProperties()).isEqualTo(Map.of("client.id", "omb", "acks", "all"));
        assertThat(plan.warmup()).isEqualTo(Duration.ofMinutes(1));
        ConsumerLoadSpec consumers = plan.load().consumerSpec().orElseThrow();
        assertThat(consumers.topics()).containsExactly("mqprobe-omb-w-0", "mqprobe-omb-w-1");
        assertThat(consumers.threads()).as("consumerPerSubscription × topics").isEqualTo(4);
        assertThat(consumers.duration()).isEqualTo(Duration.ofMinutes(16).plus(DRAIN));
        assertThat(plan.notes()).isNotEmpty().allSatisfy(n -> assertThat(n).doesNotContain("producerRate"));
    }

    @Test
    void should_let_the_command_shorten_the_run_and_produce_alone_without_subscriptions() {
        OmbPlan plan = OmbPlan.of(workload(1, 0, 100), "w.yaml", driver, "t", Duration.ofSeconds(5), Duration.ofSeconds(1), DRAIN);

        assertThat(plan.load()).isInstanceOf(StepLoad.Produce.class);
        assertThat(plan.producers().duration()).isEqualTo(Duration.ofSeconds(6));
        assertThat(plan.warmup()).isEqualTo(Duration.ofSeconds(1));
        assertThat(plan.subscriptions()).isZero();
    }

    @Test
    void should_ask_for_a_rate_search_at_max_rate_and_run_at_the_rate_found() {
        OmbPlan plan = OmbPlan.of(workload(1, 1, 0), "w.yaml", driver, "t", null, null, DRAIN);
        assertThat(plan.searchesRate()).isTrue();
        assertThat(OmbPlan.of(workload(1, 1, 10), "w.yaml", driver, "t", null, null, DRAIN).searchesRate()).isFalse();

        OmbPlan found = plan.atRate(4_200, "found by the search");

        assertThat(found.producers().targetRecordsPerSecond()).isEqualTo(4_200);
        assertThat(found.load().consumerSpec()).isEqualTo(plan.load().consumerSpec());
        assertThat(found.notes()).endsWith("found by the search");
        assertThat(found.topics()).isEqualTo(plan.topics());
    }

    @Test
    void should_send_the_payload_file_or_say_that_bodies_were_generated(@TempDir Path dir) throws Exception {
        Path payload = Files.write(dir.resolve("payload-1Kb.data"), new byte[1024]);
        Path missing = dir.resolve("missing.data");

        OmbPlan withFile = OmbPlan.of(workload(1, 1, 10, payload, 0, Map.of(), KeyDistributor.NO_KEY), "w.yaml", driver, "t", null, null, DRAIN);
        OmbPlan withoutFile = OmbPlan.of(workload(1, 1, 10, missing, 0, Map.of(), KeyDistributor.NO_KEY), "w.yaml", driver, "t", null, null, DRAIN);

        assertThat(withFile.producers().payload()).isEqualTo(new PayloadSpec.FromFile(payload));
        assertThat(withFile.notes()).noneMatch(n -> n.contains("payloadFile"));
        assertThat(withoutFile.producers().payload()).isEqualTo(new PayloadSpec.Random());
        assertThat(withoutFile.notes()).contains("payloadFile " + missing + " not found: bodies are generated random bytes of messageSize 1024");
    }

    @Test
    void should_turn_the_random_share_of_bytes_into_a_compression_ratio() {
        OmbWorkload quarterRandom = new OmbWorkload("w", 1, 1, 1024, Map.of(), null, true, 0.25, 1000, KeyDistributor.NO_KEY,
                1, 1, 1, 10, 0, 1, Duration.ofMinutes(1), Duration.ZERO);

        OmbPlan plan = OmbPlan.of(quarterRandom, "w.yaml", driver, "t", null, null, DRAIN);

        assertThat(plan.producers().payload()).isEqualTo(new PayloadSpec.Compressible(4));
        assertThat(plan.notes()).anyMatch(n -> n.startsWith("randomizedPayloadPoolSize 1000"));
    }

    @Test
    void should_name_the_file_when_the_load_is_beyond_mqprobe_limits() {
        OmbWorkload tooManyProducers = new OmbWorkload("w", 100, 1, 1024, Map.of(), null, false, 0, 0, KeyDistributor.NO_KEY,
                0, 0, 50, 10, 0, 1, Duration.ofMinutes(1), Duration.ZERO);

        assertThatThrownBy(() -> OmbPlan.of(tooManyProducers, "w.yaml", driver, "t", null, null, DRAIN))
                .isInstanceOf(UsageException.class)
                .hasMessage("producersPerTopic 50 × topics 100 in w.yaml is 5,000 producers, more than mqprobe runs in one load (4,096)");
    }

    @Test
    void should_send_with_the_workloads_keys() {
        OmbPlan keyed = OmbPlan.of(workload(1, 1, 10, null, 0, Map.of(), KeyDistributor.KEY_ROUND_ROBIN), "w.yaml", driver, "t",
                null, null, DRAIN);
        assertThat(keyed.producers().keys()).isEqualTo(KeyDistributor.KEY_ROUND_ROBIN);
        assertThat(OmbPlan.of(workload(1, 1, 10), "w.yaml", driver, "t", null, null, DRAIN).producers().keys())
                .isEqualTo(KeyDistributor.NO_KEY);
    }

    @Test
    void should_give_each_subscription_a_consumer_group_of_its_own_that_reads_every_topic() {
        OmbPlan plan = OmbPlan.of(workload(2, 3, 6000), "w.yaml", driver, "mqprobe-omb-w", null, null, DRAIN);

        ConsumerLoadSpec consumers = plan.load().consumerSpec().orElseThrow();
        assertThat(consumers.groupIds()).containsExactly("mqprobe-omb-w-sub-0", "mqprobe-omb-w-sub-1", "mqprobe-omb-w-sub-2");
        assertThat(consumers.threads()).as("consumerPerSubscription × topics, in each group").isEqualTo(4);
        assertThat(consumers.topics()).containsExactly("mqprobe-omb-w-0", "mqprobe-omb-w-1");
        assertThat(plan.subscriptions()).isEqualTo(3);
        assertThat(OmbPlan.of(workload(1, 1, 10), "w.yaml", driver, "p", null, null, DRAIN).load().consumerSpec()
                .orElseThrow().groupIds()).containsExactly("p-sub");
    }

    @Test
    void should_build_the_backlog_to_its_size_drain_it_to_omb_s_level_and_bound_the_producers_by_the_time_it_may_take() {
        // 0.5 GiB at 6000 msgs/s × 2 subscriptions × 1 KiB: 43.7 s to build, so five times that bounds build and drain
        OmbPlan plan = OmbPlan.of(new OmbWorkload("w", 1, 6, 1024, Map.of(), null, false, 0, 0, KeyDistributor.NO_KEY,
                2, 2, 3, 6000, 0.5, 0.9, Duration.ofMinutes(15), Duration.ofMinutes(1)), "w.yaml", driver, "t", null, null, DRAIN);

        BacklogSpec backlog = ((StepLoad.ProduceAndConsume) plan.load()).backlog();
        assertThat(backlog.targetBytes()).isEqualTo(512L * 1024 * 1024);
        assertThat(backlog.subscriptions()).isEqualTo(2);
        assertThat(backlog.drainedRecords()).as("10 %% of 524,288 records may stay unread").isEqualTo(52_428);
        assertThat(backlog.afterDrain()).isEqualTo(Duration.ofMinutes(15));
        assertThat(backlog.bound()).isEqualTo(Duration.ofSeconds(219));
        assertThat(plan.producers().duration()).isEqualTo(Duration.ofMinutes(16).plusSeconds(219));
        assertThat(plan.load().consumerSpec().orElseThrow().duration()).isEqualTo(Duration.ofMinutes(16).plusSeconds(219).plus(DRAIN));
        assertThat(plan.notes()).anySatisfy(n -> assertThat(n).startsWith("consumerBacklogSizeGB 0.5: the consumers paused"));
        assertThat(((StepLoad.ProduceAndConsume) plan.atRate(100, "n").load()).backlog()).isEqualTo(backlog);
    }

    @Test
    void should_carry_the_workload_files_notes_into_the_plan() {
        OmbWorkload noted = new OmbWorkload("w", 1, 1, 1024, Map.of(), null, false, 0, 0, KeyDistributor.NO_KEY, 1, 1, 1,
                1000, 0, 1, Duration.ofMinutes(1), Duration.ofMinutes(1), List.of("acceptableBacklog has no effect"));

        assertThat(OmbPlan.of(noted, "w.yaml", driver, "t", null, null, DRAIN).notes()).contains("acceptableBacklog has no effect");
    }

    @Test
    void should_refuse_in_one_line_what_mqprobe_cannot_run_yet_naming_field_and_file() {
        List<OmbWorkload> unsupported = List.of(
                workload(1, 1, 0, null, 2, Map.of(), KeyDistributor.NO_KEY),
                workload(1, 0, 10, null, 2, Map.of(), KeyDistributor.NO_KEY),
                workload(1, 1, 10, null, 0, Map.of("0-256", 1), KeyDistributor.NO_KEY),
                workload(1, 101, 10));
        List<String> fields = List.of("consumerBacklogSizeGB in w.yaml needs a producerRate",
                "consumerBacklogSizeGB in w.yaml needs consumers", "messageSizeDistribution in w.yaml",
                "subscriptionsPerTopic 101 in w.yaml");

        for (int i = 0; i < unsupported.size(); i++) {
            OmbWorkload w = unsupported.get(i);
            assertThatThrownBy(() -> OmbPlan.of(w, "w.yaml", driver, "t", null, null, DRAIN))
                    .isInstanceOf(UsageException.class).hasMessageStartingWith(fields.get(i)).hasMessageNotContaining("\n");
        }
    }
}
