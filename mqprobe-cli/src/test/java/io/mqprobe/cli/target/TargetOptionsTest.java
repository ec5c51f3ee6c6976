package io.mqprobe.cli.target;

import io.mqprobe.api.UsageException;
import io.mqprobe.run.target.TargetPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TargetOptionsTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_default_to_an_embedded_kafka_target_with_a_ten_second_timeout() {
        TargetPlan options = ParsedTargetOptions.parse().conclude();

        assertThat(options.bootstrap()).isEmpty();
        assertThat(options.driverId()).isEqualTo("kafka");
        assertThat(options.brokers()).isEmpty();
        assertThat(options.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(options.clientProperties()).isEmpty();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_build_a_target_from_bootstrap_timeout_and_command_config() throws Exception {
        Path config = tmp.resolve("client.properties");
        Files.writeString(config, "security.protocol=SASL_SSL\nsasl.jaas.config=secret-stuff\n");

        TargetPlan options = ParsedTargetOptions.parse("--bootstrap", " broker1:9092,broker2:9092 ", "--connect-timeout", "1500ms",
                "--command-config", config.toString(), "--brokers", "3").conclude();

        assertThat(options.bootstrap()).contains("broker1:9092,broker2:9092");
        assertThat(options.brokers()).hasValue(3);
        var target = options.target(options.bootstrap().orElseThrow());
        assertThat(target.connectTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(target.clientProperties()).containsEntry("security.protocol", "SASL_SSL").containsEntry("sasl.jaas.config", "secret-stuff");
        assertThat(target.toString()).doesNotContain("secret-stuff");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_add_a_driver_files_credentials_to_the_command_configs_and_refuse_a_different_value() throws Exception {
        Path config = tmp.resolve("client.properties");
        Files.writeString(config, "accessKey=ak\nsendMsgTimeout=5000\n");
        TargetPlan typed = ParsedTargetOptions.parse("--command-config", config.toString()).conclude();

        TargetPlan options = typed.withClientProperties(java.util.Map.of("accessKey", "ak", "secretKey", "sk-hidden"), "rocketmq.yaml");

        assertThat(options.target("127.0.0.1:9876").clientProperties())
                .containsEntry("accessKey", "ak").containsEntry("secretKey", "sk-hidden").containsEntry("sendMsgTimeout", "5000");
        assertThat(typed.clientProperties()).doesNotContainKey("secretKey");
        assertThatThrownBy(() -> options.withClientProperties(java.util.Map.of("secretKey", "sk-other"), "other.yaml"))
                .isInstanceOf(UsageException.class).hasMessageContaining("secretKey").hasMessageContaining("other.yaml")
                .hasMessageNotContaining("sk-");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_name_a_missing_command_config_file_in_a_usage_error() {
        Path missing = tmp.resolve("nope.properties");
        TargetOptions options = ParsedTargetOptions.parse("--command-config", missing.toString());

        assertThatThrownBy(options::conclude).isInstanceOf(UsageException.class).hasMessageContaining(missing.toString());
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_refuse_a_directory_as_command_config() {
        TargetOptions options = ParsedTargetOptions.parse("--command-config", tmp.toString());

        assertThatThrownBy(options::conclude).isInstanceOf(UsageException.class).hasMessageContaining(tmp.toString());
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_reject_a_connect_timeout_that_is_not_a_positive_duration() {
        assertThatThrownBy(() -> ParsedTargetOptions.parse("--connect-timeout", "soon")).isInstanceOf(CommandLine.ParameterException.class)
                .hasRootCauseInstanceOf(UsageException.class);
        assertThatThrownBy(() -> ParsedTargetOptions.parse("--connect-timeout", "0s")).isInstanceOf(CommandLine.ParameterException.class);
    }
}
