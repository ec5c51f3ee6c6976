package io.mqprobe.cli.omb;

import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.TempMqprobeHome;
import io.mqprobe.run.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad OMB files end {@code mqprobe run} with one line and exit 2 before any broker starts. */
@Timeout(30)
class OmbRunInputTest {

    @RegisterExtension
    final TempMqprobeHome home = new TempMqprobeHome();

    @TempDir
    Path dir;

    private Path kafkaDriver() throws Exception {
        return Files.writeString(dir.resolve("kafka.yaml"),
                "name: Kafka\ndriverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver\n");
    }

    private CliRun run(Path workload, Path driver) {
        return CliRun.of("run", workload.toString(), "--driver-config", driver.toString(), "--out", dir.resolve("out").toString());
    }

    private static void assertRefusedInOneLine(CliRun run, String message) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err()).contains(message);
        assertThat(run.errLines()).as(run.err()).isEqualTo(1);
        assertThat(run.millis()).as("refused before any broker starts").isLessThan(10_000);
    }

    @Test
    void should_refuse_an_unknown_workload_field_naming_it_and_the_file() throws Exception {
        Path workload = Files.writeString(dir.resolve("w.yaml"), "name: w\ntestDurationMinutes: 1\nproducerRat: 100\n");

        assertRefusedInOneLine(run(workload, kafkaDriver()), "unknown field 'producerRat' in " + workload);
    }

    @Test
    void should_refuse_a_workload_that_is_not_yaml() throws Exception {
        Path workload = Files.writeString(dir.resolve("w.yaml"), "name: \"unclosed\ntopics: 1\n");

        assertRefusedInOneLine(run(workload, kafkaDriver()), workload + " is not valid YAML");
    }

    @Test
    void should_refuse_a_driver_class_mqprobe_does_not_run() throws Exception {
        Path workload = Files.writeString(dir.resolve("w.yaml"), "name: w\ntestDurationMinutes: 1\n");
        Path pulsar = Files.writeString(dir.resolve("pulsar.yaml"),
                "name: Pulsar\ndriverClass: io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver\n");

        assertRefusedInOneLine(run(workload, pulsar), "driverClass 'io.openmessaging.benchmark.driver.pulsar.PulsarBenchmarkDriver' in " + pulsar);
    }

    @Test
    void should_refuse_an_unknown_rocketmq_driver_field_naming_it_and_the_file() throws Exception {
        Path workload = Files.writeString(dir.resolve("w.yaml"), "name: w\ntestDurationMinutes: 1\n");
        Path rocketmq = Files.writeString(dir.resolve("rocketmq.yaml"), "name: RocketMQ\ndriverClass: "
                + "io.openmessaging.benchmark.driver.rocketmq.RocketMQBenchmarkDriver\nnamesrvAdr: 127.0.0.1:9876\n");

        assertRefusedInOneLine(run(workload, rocketmq), "unknown field 'namesrvAdr' in " + rocketmq);
    }

    @Test
    void should_refuse_a_driver_flag_for_another_system_than_the_driver_file() throws Exception {
        Path workload = Files.writeString(dir.resolve("w.yaml"), "name: w\ntestDurationMinutes: 1\n");
        Path rocketmq = Files.writeString(dir.resolve("rocketmq.yaml"), "name: RocketMQ\ndriverClass: "
                + "io.openmessaging.benchmark.driver.rocketmq.RocketMQBenchmarkDriver\n");

        CliRun run = CliRun.of("run", workload.toString(), "--driver-config", rocketmq.toString(), "--driver", "kafka",
                "--out", dir.resolve("out").toString());

        assertRefusedInOneLine(run, "--driver kafka and " + rocketmq);
    }

    @Test
    void should_refuse_a_backlog_while_the_rate_is_searched_naming_the_field_and_the_file() throws Exception {
        Path workload = Files.writeString(dir.resolve("w.yaml"),
                "name: w\ntestDurationMinutes: 1\nconsumerBacklogSizeGB: 1\nproducerRate: 0\n");

        assertRefusedInOneLine(run(workload, kafkaDriver()), "consumerBacklogSizeGB in " + workload + " needs a producerRate");
    }

    @Test
    void should_refuse_omb_flags_beside_an_mqprobe_scenario_file_and_a_workload_without_a_driver_file() throws Exception {
        Path scenarios = Files.writeString(dir.resolve("s.yaml"), "scenarios:\n  - name: s\n    partitions: 1\n");
        Path workload = Files.writeString(dir.resolve("w.yaml"), "name: w\ntestDurationMinutes: 1\n");

        assertRefusedInOneLine(CliRun.of("run", scenarios.toString(), "--duration", "5s", "--out", dir.resolve("o1").toString()),
                scenarios + " is an mqprobe scenario file, which runs as mqprobe probe");
        assertRefusedInOneLine(CliRun.of("run", scenarios.toString(), workload.toString(), "--out", dir.resolve("o2").toString()),
                "run takes one mqprobe scenario file, alone");
        assertRefusedInOneLine(CliRun.of("run", workload.toString(), "--out", dir.resolve("o3").toString()),
                "OMB workloads need --driver-config DRIVER.yaml");
    }

    @Test
    void should_refuse_embedded_together_with_another_cluster() throws Exception {
        Path workload = Files.writeString(dir.resolve("w.yaml"), "name: w\ntestDurationMinutes: 1\n");

        CliRun run = CliRun.of("run", workload.toString(), "--driver-config", kafkaDriver().toString(), "--embedded",
                "--bootstrap", "127.0.0.1:9092", "--out", dir.resolve("out").toString());

        assertRefusedInOneLine(run, "--embedded runs the embedded cluster; --bootstrap names another");
    }
}
