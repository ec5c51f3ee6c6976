package io.mqprobe.cli.omb;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.SharedCliCluster;
import io.mqprobe.result.ResultJson;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code mqprobe run} with an OMB workload and Kafka driver file against the shared embedded 3-broker cluster. */
@ExtendWith(SharedCliCluster.class)
@Timeout(180)
class OmbRunCommandTest {

    @Test
    void should_run_an_omb_workload_on_its_topics_and_write_omb_result_beside_result_json(@TempDir Path dir) throws Exception {
        Path workload = Files.writeString(dir.resolve("workload.yaml"), """
                name: 2 topics / 3 partitions / 512b
                topics: 2
                partitionsPerTopic: 3
                messageSize: 512
                payloadFile: payload/none-here.data
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 2
                producerRate: 1000
                testDurationMinutes: 15
                warmupDurationMinutes: 1
                """);
        Path driver = Files.writeString(dir.resolve("kafka.yaml"), """
                name: Kafka-test
                driverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver
                replicationFactor: 2
                reset: true
                topicConfig: |
                  min.insync.replicas=1
                commonConfig: |
                  bootstrap.servers=127.0.0.1:1
                producerConfig: |
                  acks=all
                  linger.ms=1
                consumerConfig: |
                  auto.offset.reset=earliest
                """);
        Path out = dir.resolve("run");

        // as OMB's own driver files do, this one names a cluster (one that is not there): --embedded runs it unchanged
        CliRun run = CliRun.of("run", workload.toString(), "--driver-config", driver.toString(), "--embedded", "--duration", "5s",
                "--warmup", "1s", "--keep-topics", "--no-monitor", "--out", out.toString());

        assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
        JsonNode doc = ResultJson.MAPPER.readTree(out.resolve("result.json").toFile());
        assertThat(doc.get("command").asText()).isEqualTo("run");
        JsonNode scenario = doc.get("scenarios").get(0);
        assertThat(scenario.get("name").asText()).isEqualTo("2-topics-3-partitions-512b");
        assertThat(scenario.get("steps").get(0).get("consumed").get("lost").asLong()).isZero();

        Path omb;
        try (Stream<Path> files = Files.list(out)) {
            omb = files.filter(f -> f.getFileName().toString()
                    .matches("2-topics-3-partitions-512b-Kafka-test-\\d{4}-\\d\\d-\\d\\d-\\d\\d-\\d\\d-\\d\\d\\.json")).findFirst().orElseThrow();
        }
        JsonNode result = ResultJson.MAPPER.readTree(omb.toFile());
        assertThat(result.get("workload").asText()).isEqualTo("2 topics / 3 partitions / 512b");
        assertThat(result.get("driver").asText()).isEqualTo("Kafka-test");
        assertThat(result.get("topics").asInt()).isEqualTo(2);
        assertThat(result.get("partitions").asInt()).isEqualTo(3);
        assertThat(result.get("producersPerTopic").asInt()).isEqualTo(2);
        assertThat(result.get("consumersPerTopic").asInt()).isEqualTo(1);
        assertThat(result.get("publishRate")).isNotEmpty().allSatisfy(r -> assertThat(r.asDouble()).isBetween(300.0, 1500.0));
        assertThat(result.get("consumeRate")).isNotEmpty().allSatisfy(r -> assertThat(r.asDouble()).isPositive());
        assertThat(result.get("publishLatency50pct")).allSatisfy(ms -> assertThat(ms.asDouble()).isBetween(0.01, 5_000.0));
        assertThat(result.get("endToEndLatency99pct")).allSatisfy(ms -> assertThat(ms.asDouble()).isBetween(0.01, 5_000.0));
        assertThat(result.get("aggregatedPublishLatency99pct").asDouble()).isPositive();
        assertThat(result.get("aggregatedEndToEndLatencyQuantiles").size()).isPositive();
        assertThat(result.get("mqprobeNotes").toString()).contains("payloadFile").contains("not found");
        assertThat(run.out()).contains("OMB result " + omb.getFileName());

        String bootstrap = doc.get("target").get("bootstrap").asText();
        String topicName = scenario.get("topic").get("name").asText().split(" \\.\\. ")[0];
        String prefix = topicName.substring(0, topicName.length() - 2);
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            List<String> topics = List.of(prefix + "-0", prefix + "-1");
            Map<String, TopicDescription> described = admin.describeTopics(topics).allTopicNames().get();
            assertThat(described.values()).hasSize(2).allSatisfy(t -> {
                assertThat(t.partitions()).hasSize(3);
                assertThat(t.partitions().get(0).replicas()).hasSize(2);
            });
            admin.deleteTopics(topics).all().get();
        }
    }

    @Test
    void should_build_a_backlog_with_the_consumers_paused_drain_it_in_every_subscription_then_measure(@TempDir Path dir)
            throws Exception {
        // 4 MiB of 1 KiB records owed: at 2,000 msgs/s to two subscriptions, about a second to build
        Path workload = Files.writeString(dir.resolve("backlog.yaml"), """
                name: backlog
                topics: 1
                partitionsPerTopic: 2
                messageSize: 1024
                subscriptionsPerTopic: 2
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 2000
                consumerBacklogSizeGB: 0.00390625
                backlogDrainRatio: 1.0
                testDurationMinutes: 15
                warmupDurationMinutes: 1
                """);
        Path driver = Files.writeString(dir.resolve("kafka.yaml"), """
                name: Kafka-test
                driverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver
                replicationFactor: 1
                """);
        Path out = dir.resolve("run");

        CliRun run = CliRun.of("run", workload.toString(), "--driver-config", driver.toString(), "--embedded", "--duration", "3s",
                "--warmup", "1s", "--keep-topics", "--no-monitor", "--out", out.toString());

        assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
        JsonNode doc = ResultJson.MAPPER.readTree(out.resolve("result.json").toFile());
        JsonNode step = doc.get("scenarios").get(0).get("steps").get(0);
        JsonNode backlog = step.get("consumed").get("backlog");
        assertThat(backlog.get("targetBytes").asLong()).isEqualTo(4L << 20);
        assertThat(backlog.get("peakRecords").asLong()).as("4 MiB of 1 KiB records").isGreaterThanOrEqualTo(4096);
        assertThat(backlog.get("builtAfterMs").asLong()).isPositive();
        assertThat(backlog.get("drainedAfterMs").isNumber()).as(backlog.toString()).isTrue();
        assertThat(backlog.get("unfinished").isNull()).isTrue();
        assertThat(step.get("consumed").get("lost").asLong()).isZero();
        assertThat(step.get("consumed").get("duplicates").asLong()).as("two groups reading alike are no duplicates").isZero();
        assertThat(step.get("measuredMs").asLong()).as("build, drain and the 3 s after").isGreaterThan(3_000 + backlog.get("builtAfterMs").asLong());
        assertThat(run.out()).contains("backlog of 4.0 MiB built in");

        String topic = doc.get("scenarios").get(0).get("topic").get("name").asText();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, doc.get("target").get("bootstrap").asText()))) {
            String prefix = topic.substring(0, topic.length() - 2);
            List<String> groups = admin.listConsumerGroups().all().get().stream().map(g -> g.groupId())
                    .filter(g -> g.startsWith(prefix + "-sub")).sorted().toList();
            assertThat(groups).containsExactly(prefix + "-sub-0", prefix + "-sub-1");
            for (String group : groups) {
                long read = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get().values().stream()
                        .mapToLong(o -> o.offset()).sum();
                assertThat(read).as(group + " read everything sent").isGreaterThan(4096);
            }
            admin.deleteTopics(List.of(topic)).all().get();
        }
    }

    @Test
    void should_run_an_mqprobe_scenario_file_as_the_probe_of_its_scenarios(@TempDir Path dir) throws Exception {
        Path scenarios = Files.writeString(dir.resolve("tiny.yaml"), """
                scenarios:
                  - name: tiny
                    description: "one partition, one replica"
                    partitions: 1
                    replicationFactor: 1
                    durability: leader
                """);
        Path out = dir.resolve("run");

        CliRun run = CliRun.of("run", scenarios.toString(), "--no-ceilings", "--step-warmup", "1s", "--step-duration", "2s",
                "--max-steps", "2", "--max-clients", "2", "--sustainable-steps", "none", "--no-monitor", "--out", out.toString());

        assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
        JsonNode doc = ResultJson.MAPPER.readTree(out.resolve("result.json").toFile());
        assertThat(doc.get("command").asText()).isEqualTo("probe");
        assertThat(doc.get("scenarios")).hasSize(1);
        assertThat(doc.get("scenarios").get(0).get("name").asText()).isEqualTo("tiny");
        assertThat(doc.get("scenarios").get(0).get("steps")).isNotEmpty();
    }
}
