package io.mqprobe.omb;

import io.mqprobe.load.KeyDistributor;
import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class OmbFilesTest {

    private static final UnaryOperator<String> NO_ENV = name -> null;

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @Test
    void should_read_every_workload_field() throws IOException {
        Path w = file("all.yaml", """
                name: 2 topics / 4 partitions / 1kb
                topics: 2
                partitionsPerTopic: 4
                keyDistributor: "RANDOM_NANO"
                messageSize: 1024
                messageSizeDistribution:
                  "0-256": 3
                  "256-1024": 1
                useRandomizedPayloads: true
                randomBytesRatio: 0.5
                randomizedPayloadPoolSize: 100
                payloadFile: "payload/payload-1Kb.data"
                subscriptionsPerTopic: 1
                consumerPerSubscription: 3
                producersPerTopic: 2
                producerRate: 50000
                consumerBacklogSizeGB: 2
                backlogDrainRatio: 0.5
                testDurationMinutes: 15
                warmupDurationMinutes: 2
                """);

        OmbWorkload workload = OmbFiles.readWorkload(w, NO_ENV);

        assertThat(workload.name()).isEqualTo("2 topics / 4 partitions / 1kb");
        assertThat(workload.topics()).isEqualTo(2);
        assertThat(workload.partitionsPerTopic()).isEqualTo(4);
        assertThat(workload.keyDistributor()).isEqualTo(KeyDistributor.RANDOM_NANO);
        assertThat(workload.messageSizeBytes()).isEqualTo(1024);
        assertThat(workload.messageSizeDistribution()).isEqualTo(Map.of("0-256", 3, "256-1024", 1));
        assertThat(workload.useRandomizedPayloads()).isTrue();
        assertThat(workload.randomBytesRatio()).isEqualTo(0.5);
        assertThat(workload.randomizedPayloadPoolSize()).isEqualTo(100);
        assertThat(workload.payloadFile()).isEqualTo(dir.toAbsolutePath().resolve("payload/payload-1Kb.data"));
        assertThat(workload.subscriptionsPerTopic()).isEqualTo(1);
        assertThat(workload.consumerPerSubscription()).isEqualTo(3);
        assertThat(workload.producersPerTopic()).isEqualTo(2);
        assertThat(workload.producerRatePerSecond()).isEqualTo(50000);
        assertThat(workload.consumerBacklogSizeGB()).isEqualTo(2);
        assertThat(workload.backlogDrainRatio()).isEqualTo(0.5);
        assertThat(workload.testDuration()).isEqualTo(Duration.ofMinutes(15));
        assertThat(workload.warmupDuration()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void should_find_the_payload_file_beside_the_workload() throws IOException {
        Files.createDirectories(dir.resolve("payload"));
        Path payload = Files.write(dir.resolve("payload/payload-1Kb.data"), new byte[1024]);
        Path w = file("with-payload.yaml", "name: p\npayloadFile: payload/payload-1Kb.data\ntestDurationMinutes: 1\n");

        assertThat(OmbFiles.readWorkload(w, NO_ENV).payloadFile()).isEqualTo(payload.toAbsolutePath());
    }

    @Test
    void should_default_what_omb_defaults() throws IOException {
        OmbWorkload workload = OmbFiles.readWorkload(file("min.yaml", "name: min\ntestDurationMinutes: 1\n"), NO_ENV);

        assertThat(workload.keyDistributor()).isEqualTo(KeyDistributor.NO_KEY);
        assertThat(workload.warmupDuration()).isEqualTo(Duration.ofMinutes(1));
        assertThat(workload.backlogDrainRatio()).isEqualTo(1.0);
        assertThat(workload.payloadFile()).isNull();
        assertThat(workload.messageSizeDistribution()).isEmpty();
    }

    @Test
    void should_fill_placeholders_from_the_environment_or_their_defaults() throws IOException {
        Path w = file("env.yaml", """
                name: ${WORKLOAD_NAME}
                topics: ${TOPICS:-3}
                partitionsPerTopic: ${PARTITIONS:-8}
                testDurationMinutes: 1
                """);
        Map<String, String> env = Map.of("WORKLOAD_NAME", "from-env", "PARTITIONS", "16");

        OmbWorkload workload = OmbFiles.readWorkload(w, env::get);

        assertThat(workload.name()).isEqualTo("from-env");
        assertThat(workload.topics()).as("unset: the default").isEqualTo(3);
        assertThat(workload.partitionsPerTopic()).as("set: the environment wins over the default").isEqualTo(16);
    }

    @Test
    void should_refuse_a_placeholder_that_is_unset_and_has_no_default() throws IOException {
        Path w = file("unset.yaml", "name: ${NOT_SET_ANYWHERE}\ntestDurationMinutes: 1\n");

        assertThatThrownBy(() -> OmbFiles.readWorkload(w, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessage(w + ": ${NOT_SET_ANYWHERE} is not set and has no default (write ${NOT_SET_ANYWHERE:-VALUE})");
    }

    @Test
    void should_name_an_unknown_field_and_the_file() throws IOException {
        Path w = file("typo.yaml", "name: t\npartitionPerTopic: 3\ntestDurationMinutes: 1\n");

        assertThatThrownBy(() -> OmbFiles.readWorkload(w, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("unknown field 'partitionPerTopic' in " + w)
                .hasMessageNotContaining("\n");
    }

    @Test
    void should_note_the_rate_controller_knobs_of_other_omb_versions_and_refuse_what_would_change_the_measurement()
            throws IOException {
        // as OMB's own 100k-10-topics-3-partitions-1k-1gb-catchup.yaml and its kin write them
        Path tuned = file("tuned.yaml", "name: t\ntestDurationMinutes: 1\nproducerRate: 0\nproducerStartRate: 50000\n"
                + "acceptableBacklog: 100000\nensureTopicsAreReady: false\nmessageRateReceivedForSubscription: 100\n");
        Path ramp = file("ramp.yaml", "name: t\ntestDurationMinutes: 1\nproducerIncrementRate: 200\nproducerIncrementSeconds: 30\n");
        Path filtered = file("filtered.yaml", "name: t\ntestDurationMinutes: 1\nmessageRateReceivedForSubscription: 50\n");
        Path paused = file("paused.yaml", "name: t\ntestDurationMinutes: 1\nconsumerBacklogSizeGB: 1\nproducerPauseDuringDrain: 1\n");

        assertThat(OmbFiles.readWorkload(tuned, NO_ENV).readNotes()).containsExactly(
                "producerStartRate has no effect: it tunes OMB's own rate controller, which mqprobe does not run",
                "acceptableBacklog has no effect: it tunes OMB's own rate controller, which mqprobe does not run",
                "ensureTopicsAreReady: false has no effect: mqprobe creates every topic before its load starts");
        assertThatThrownBy(() -> OmbFiles.readWorkload(ramp, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessage("producerIncrementRate 200 in " + ramp + " is not supported: mqprobe offers one rate per workload"
                        + " (mqprobe probe ramps the rate)");
        assertThatThrownBy(() -> OmbFiles.readWorkload(filtered, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("messageRateReceivedForSubscription 50 in " + filtered + " is not supported");
        assertThatThrownBy(() -> OmbFiles.readWorkload(paused, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("producerPauseDuringDrain in " + paused + " is not supported");
    }

    @Test
    void should_refuse_a_file_that_is_not_yaml_in_one_line() throws IOException {
        Path w = file("bad.yaml", "name: [unclosed\ntopics: 1\n");

        assertThatThrownBy(() -> OmbFiles.readWorkload(w, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith(w + " is not valid YAML")
                .hasMessageNotContaining("\n");
    }

    @Test
    void should_name_the_field_of_a_value_of_the_wrong_type() throws IOException {
        Path w = file("type.yaml", "name: t\ntopics: many\ntestDurationMinutes: 1\n");

        assertThatThrownBy(() -> OmbFiles.readWorkload(w, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith(w + ": field 'topics'");
    }

    @Test
    void should_point_an_mqprobe_scenario_file_at_probe() throws IOException {
        Path w = file("scenarios.yaml", "scenarios:\n  - name: a\n");

        assertThatThrownBy(() -> OmbFiles.readWorkload(w, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessageContaining("mqprobe probe --scenario-file " + w);
    }

    @Test
    void should_read_every_kafka_driver_field() throws IOException {
        Path d = file("kafka.yaml", """
                name: Kafka-${FLAVOUR:-plain}
                driverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver
                replicationFactor: 3
                reset: true
                topicConfig: |
                  min.insync.replicas=2
                commonConfig: |
                  bootstrap.servers=broker-1:9092
                  request.timeout.ms=120000
                producerConfig: |
                  acks=all
                  linger.ms=1
                  batch.size=1048576
                consumerConfig: |
                  auto.offset.reset=earliest
                  enable.auto.commit=false
                """);

        OmbDriverConfig driver = OmbFiles.readDriver(d, NO_ENV);

        assertThat(driver.name()).isEqualTo("Kafka-plain");
        assertThat(driver.driverId()).isEqualTo("kafka");
        assertThat(driver.replicationFactor()).isEqualTo(3);
        assertThat(driver.reset()).isTrue();
        assertThat(driver.topicConfig()).isEqualTo(Map.of("min.insync.replicas", "2"));
        assertThat(driver.cluster()).contains("broker-1:9092");
        assertThat(driver.producerProperties()).as("common settings, the address aside, under the producer's")
                .isEqualTo(Map.of("request.timeout.ms", "120000", "acks", "all", "linger.ms", "1", "batch.size", "1048576"));
        assertThat(driver.consumerProperties())
                .isEqualTo(Map.of("request.timeout.ms", "120000", "auto.offset.reset", "earliest", "enable.auto.commit", "false"));
    }

    @Test
    void should_use_the_embedded_cluster_when_no_bootstrap_is_named() throws IOException {
        Path d = file("embedded.yaml", "name: Kafka\ndriverClass: " + OmbFiles.KAFKA_DRIVER_CLASS + "\n");

        OmbDriverConfig driver = OmbFiles.readDriver(d, NO_ENV);

        assertThat(driver.cluster()).isEmpty();
        assertThat(driver.replicationFactor()).isEqualTo(1);
    }

    @Test
    void should_refuse_a_driver_class_mqprobe_does_not_run() throws IOException {
        Path pulsar = file("pulsar.yaml", "name: Pulsar\ndriverClass: io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver\n");

        assertThatThrownBy(() -> OmbFiles.readDriver(pulsar, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessage("driverClass 'io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver' in " + pulsar
                        + ": mqprobe runs OMB's Kafka and RocketMQ drivers (" + OmbFiles.KAFKA_DRIVER_CLASS + ", "
                        + OmbFiles.ROCKETMQ_DRIVER_CLASS + ") only");
    }

    @Test
    void should_read_every_rocketmq_driver_field() throws IOException {
        Path d = file("rocketmq.yaml", """
                name: RocketMQ-${FLAVOUR:-batch}
                driverClass: io.openmessaging.benchmark.driver.rocketmq.RocketMQBenchmarkDriver
                clusterName: DefaultCluster
                namesrvAddr: 10.0.0.1:9876;10.0.0.2:9876
                vipChannelEnabled: false
                maxMessageSize: 4194304
                compressMsgBodyOverHowmuch: 8192
                batchCQ: true
                autoBatch: true
                batchMaxBytes: 32768
                batchMaxDelayMs: 10
                totalBatchMaxBytes: 33554432
                enableBackpressure: true
                backpressureConcurrency: 1024
                accessKey: rocketmq2
                secretKey: 12345678
                """);

        OmbDriverConfig driver = OmbFiles.readDriver(d, NO_ENV);

        assertThat(driver.name()).isEqualTo("RocketMQ-batch");
        assertThat(driver.driverClass()).isEqualTo(OmbFiles.ROCKETMQ_DRIVER_CLASS);
        assertThat(driver.driverId()).isEqualTo("rocketmq");
        assertThat(driver.cluster()).contains("10.0.0.1:9876;10.0.0.2:9876");
        assertThat(driver.replicationFactor()).isEqualTo(1);
        assertThat(driver.reset()).as("OMB's RocketMQ topics are always new").isTrue();
        assertThat(driver.topicConfig()).isEqualTo(Map.of("+queue.type", "BatchCQ"));
        assertThat(driver.producerProperties()).as("RocketMQ's client names, as OMB's driver sets them")
                .isEqualTo(Map.of("vipChannelEnabled", "false", "maxMessageSize", "4194304", "compressMsgBodyOverHowmuch", "8192",
                        "autoBatch", "true", "batchMaxBytes", "32768", "batchMaxDelayMs", "10", "totalBatchMaxBytes", "33554432",
                        "enableBackpressureForAsyncMode", "true", "backPressureForAsyncSendNum", "1024"));
        assertThat(driver.consumerProperties()).isEqualTo(Map.of("vipChannelEnabled", "false"));
        assertThat(driver.credentials()).isEqualTo(Map.of("accessKey", "rocketmq2", "secretKey", "12345678"));
        assertThat(driver.notes()).singleElement().asString().startsWith("clusterName DefaultCluster: ");
    }

    @Test
    void should_read_ombs_own_rocketmq_file_unchanged() throws IOException {
        // driver-rocketmq/rocketmq.yaml of openmessaging/benchmark, comments and all
        Path d = file("omb-rocketmq.yaml", """
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

                accessKey:
                secretKey:
                """);

        OmbDriverConfig driver = OmbFiles.readDriver(d, NO_ENV);

        assertThat(driver.name()).isEqualTo("RocketMQ");
        assertThat(driver.cluster()).contains("127.0.0.1:9876");
        assertThat(driver.credentials()).as("blank keys: no ACL, as in OMB").isEmpty();
        assertThat(driver.producerProperties()).containsEntry("autoBatch", "true").doesNotContainKey("batchMaxBytes");
    }

    @Test
    void should_read_the_example_driver_files() {
        Path examples = Path.of("..", "examples", "omb");

        assertThat(OmbFiles.readDriver(examples.resolve("kafka-embedded.yaml"), NO_ENV).cluster()).isEmpty();
        OmbDriverConfig rocketmq = OmbFiles.readDriver(examples.resolve("rocketmq-embedded.yaml"), NO_ENV);
        assertThat(rocketmq.driverId()).isEqualTo("rocketmq");
        assertThat(rocketmq.cluster()).as("the embedded cluster").isEmpty();
        assertThat(rocketmq.producerProperties()).containsEntry("batchMaxDelayMs", "10");
    }

    @Test
    void should_name_an_unknown_rocketmq_driver_field_and_the_file() throws IOException {
        Path d = file("typo-rocketmq.yaml", "name: RocketMQ\ndriverClass: " + OmbFiles.ROCKETMQ_DRIVER_CLASS
                + "\nnamesrvAddress: 127.0.0.1:9876\n");
        Path kafkaField = file("kafka-field-rocketmq.yaml", "name: RocketMQ\ndriverClass: " + OmbFiles.ROCKETMQ_DRIVER_CLASS
                + "\nproducerConfig: |\n  acks=1\n");

        assertThatThrownBy(() -> OmbFiles.readDriver(d, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("unknown field 'namesrvAddress' in " + d).hasMessageNotContaining("\n");
        assertThatThrownBy(() -> OmbFiles.readDriver(kafkaField, NO_ENV)).as("a Kafka file's field is not a RocketMQ file's")
                .isInstanceOf(UsageException.class).hasMessageStartingWith("unknown field 'producerConfig' in " + kafkaField);
    }

    @Test
    void should_keep_rocketmq_secrets_out_of_what_is_printed() throws IOException {
        Path d = file("acl.yaml", "name: RocketMQ\ndriverClass: " + OmbFiles.ROCKETMQ_DRIVER_CLASS
                + "\nclusterName: DefaultCluster\naccessKey: ak-visible-nowhere\nsecretKey: sk-visible-nowhere\n");

        OmbDriverConfig driver = OmbFiles.readDriver(d, NO_ENV);

        assertThat(driver.credentials()).containsEntry("secretKey", "sk-visible-nowhere");
        assertThat(driver.toString()).contains("secretKey").doesNotContain("sk-visible-nowhere").doesNotContain("ak-visible-nowhere");
        assertThat(String.join(" ", driver.notes())).doesNotContain("visible-nowhere");
        assertThat(driver.producerProperties()).as("credentials are the connection's, not a client setting")
                .doesNotContainKeys("accessKey", "secretKey");
    }

    @Test
    void should_refuse_one_acl_key_without_the_other() throws IOException {
        Path d = file("half-acl.yaml", "name: RocketMQ\ndriverClass: " + OmbFiles.ROCKETMQ_DRIVER_CLASS
                + "\naccessKey: ak\nsecretKey:\n");

        assertThatThrownBy(() -> OmbFiles.readDriver(d, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessage("accessKey without secretKey in " + d + ": RocketMQ's ACL needs both; give both or neither");
    }

    @Test
    void should_name_an_unknown_driver_field_and_the_file() throws IOException {
        Path d = file("typo-driver.yaml", "name: Kafka\ndriverClass: " + OmbFiles.KAFKA_DRIVER_CLASS + "\nproducerConfg: |\n  acks=1\n");

        assertThatThrownBy(() -> OmbFiles.readDriver(d, NO_ENV)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("unknown field 'producerConfg' in " + d);
    }
}
