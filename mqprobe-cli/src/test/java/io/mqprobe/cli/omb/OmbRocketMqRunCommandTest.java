package io.mqprobe.cli.omb;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.SharedCliRocketMqCluster;
import io.mqprobe.result.ResultJson;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code mqprobe run} with OMB's RocketMQ driver file against the shared embedded RocketMQ cluster of the CLI tests. */
@ExtendWith(SharedCliRocketMqCluster.class)
@Timeout(180)
class OmbRocketMqRunCommandTest {

    private static final String SECRET = "sk-must-appear-nowhere";

    @Test
    void should_run_ombs_rocketmq_driver_file_on_the_rocketmq_driver_and_keep_its_secret(@TempDir Path dir) throws Exception {
        Path workload = Files.writeString(dir.resolve("workload.yaml"), """
                name: 1 topic / 2 partitions / 512b
                topics: 1
                partitionsPerTopic: 2
                messageSize: 512
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 500
                testDurationMinutes: 15
                """);
        // OMB's driver-rocketmq/rocketmq.yaml as it is, but for the ACL keys (which a broker without ACL ignores)
        Path driver = Files.writeString(dir.resolve("rocketmq.yaml"), """
                name: RocketMQ
                driverClass: io.openmessaging.benchmark.driver.rocketmq.RocketMQBenchmarkDriver

                # RocketMQ client-specific configuration
                clusterName: DefaultCluster
                namesrvAddr: 127.0.0.1:9876
                vipChannelEnabled: false

                batchCQ: true
                autoBatch: true
                # batchMaxBytes: 32768
                # batchMaxDelayMs: 10
                # totalBatchMaxBytes: 33554432

                enableBackpressure: true
                backpressureConcurrency: 1024

                accessKey: rocketmq2
                secretKey: %s
                """.formatted(SECRET));
        Path out = dir.resolve("run");

        CliRun run = CliRun.of("run", workload.toString(), "--driver-config", driver.toString(), "--embedded", "--duration", "5s",
                "--warmup", "1s", "--keep-topics", "--no-monitor", "--out", out.toString());

        assertThat(run.exitCode()).as(run.err() + run.out()).isZero();
        String resultJson = Files.readString(out.resolve("result.json"));
        JsonNode doc = ResultJson.MAPPER.readTree(resultJson);
        assertThat(doc.get("target").get("driver").asText()).isEqualTo("rocketmq");
        assertThat(doc.get("scenarios").get(0).get("steps").get(0).get("consumed").get("lost").asLong()).isZero();
        Path omb;
        try (Stream<Path> files = Files.list(out)) {
            omb = files.filter(f -> f.getFileName().toString().startsWith("1-topic-2-partitions-512b-RocketMQ-")).findFirst()
                    .orElseThrow();
        }
        String ombJson = Files.readString(omb);
        JsonNode result = ResultJson.MAPPER.readTree(ombJson);
        assertThat(result.get("driver").asText()).isEqualTo("RocketMQ");
        assertThat(result.get("partitions").asInt()).isEqualTo(2);
        assertThat(result.get("publishRate")).isNotEmpty().allSatisfy(r -> assertThat(r.asDouble()).isPositive());
        assertThat(result.get("consumeRate")).isNotEmpty().allSatisfy(r -> assertThat(r.asDouble()).isPositive());
        assertThat(result.get("mqprobeNotes").toString()).contains("clusterName DefaultCluster");
        assertThat(resultJson + ombJson + run.out() + run.err()).doesNotContain(SECRET);

        String topic = doc.get("scenarios").get(0).get("topic").get("name").asText();
        assertThat(queueTypeThenDelete(doc.get("target").get("bootstrap").asText(), topic)).as("batchCQ: true")
                .isEqualTo("BatchCQ");
    }

    /** The topic's queue type as its broker keeps it; the topic is deleted afterwards. */
    private static String queueTypeThenDelete(String nameServer, String topic) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(nameServer);
        admin.setInstanceName("omb-rocketmq-test-" + System.nanoTime());
        admin.start();
        try {
            String broker = admin.examineTopicRouteInfo(topic).getBrokerDatas().get(0).selectBrokerAddr();
            String queueType = admin.examineTopicConfig(broker, topic).getAttributes().get("queue.type");
            String cluster = admin.examineBrokerClusterInfo().getClusterAddrTable().keySet().iterator().next();
            admin.deleteTopic(topic, cluster);
            return queueType;
        } finally {
            admin.shutdown();
        }
    }
}
