package io.mqprobe.kafka;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.Target;
import io.mqprobe.api.TargetUnreachableException;
import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Connecting and client settings, without a broker. */
class KafkaDriverFactoryTest {

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_be_found_by_its_id() {
        assertThat(Drivers.factory("kafka")).isInstanceOf(KafkaDriverFactory.class);
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void should_give_up_within_the_connect_timeout_when_nothing_answers() {
        Target nobody = new Target("kafka", "127.0.0.1:1", Map.of(), Duration.ofSeconds(2));
        long startNs = System.nanoTime();

        assertThatThrownBy(() -> new KafkaDriverFactory().connect(nobody))
                .isInstanceOf(TargetUnreachableException.class)
                .hasMessage("Couldn't connect to Kafka at 127.0.0.1:1 within 2s");

        assertThat(Duration.ofNanos(System.nanoTime() - startNs)).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_reject_a_bootstrap_address_without_port_as_a_usage_error() {
        Target bad = new Target("kafka", "localhost", Map.of(), Duration.ofSeconds(2));

        assertThatThrownBy(() -> new KafkaDriverFactory().connect(bad))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("localhost");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_reject_a_bad_client_setting_without_printing_secrets() {
        Map<String, String> props = Map.of("security.protocol", "NOT_A_PROTOCOL", "sasl.jaas.config", "hunter2-secret");
        Target bad = new Target("kafka", "127.0.0.1:1", props, Duration.ofSeconds(2));

        assertThatThrownBy(() -> new KafkaDriverFactory().connect(bad))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("security.protocol")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_mask_secret_values_quoted_in_kafka_messages() {
        String message = "Invalid value s3cret for configuration ssl.key.password";

        String safe = KafkaClientProperties.redact(message, Map.of("ssl.key.password", "s3cret"), Map.of("acks", "all"));

        assertThat(safe).doesNotContain("s3cret").contains("[redacted]").contains("ssl.key.password");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_let_client_settings_win_over_target_settings_and_defaults() {
        Target target = new Target("kafka", "127.0.0.1:9092", Map.of("acks", "0", "security.protocol", "SSL"), Duration.ofSeconds(10));
        ClientSettings settings = ClientSettings.producer("p1", Map.of("acks", "all", "value.serializer", "my.Serializer"));

        Properties producer = KafkaClientProperties.producer(target, settings);

        assertThat(producer).containsEntry("acks", "all")
                .containsEntry("security.protocol", "SSL")
                .containsEntry("value.serializer", "my.Serializer")
                .containsEntry("key.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer")
                .containsEntry("client.id", "p1")
                .containsEntry("bootstrap.servers", "127.0.0.1:9092");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_read_from_the_earliest_offset_unless_told_otherwise() {
        Target target = new Target("kafka", "127.0.0.1:9092", Map.of(), Duration.ofSeconds(10));

        Properties byDefault = KafkaClientProperties.consumer(target, ClientSettings.consumer("c1", "g1", Map.of()));
        Properties overridden = KafkaClientProperties.consumer(target, ClientSettings.consumer("c1", "g1", Map.of("auto.offset.reset", "latest")));

        assertThat(byDefault).containsEntry("auto.offset.reset", "earliest").containsEntry("group.id", "g1");
        assertThat(overridden).containsEntry("auto.offset.reset", "latest");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_bound_admin_calls_even_with_a_short_connect_timeout() {
        Target target = new Target("kafka", "127.0.0.1:9092", Map.of(), Duration.ofMillis(500));

        Properties admin = KafkaClientProperties.admin(target);

        assertThat(Long.parseLong(admin.getProperty("request.timeout.ms"))).isPositive()
                .isLessThanOrEqualTo(Long.parseLong(admin.getProperty("default.api.timeout.ms")));
        assertThat(Long.parseLong(admin.getProperty("socket.connection.setup.timeout.ms"))).isEqualTo(500);
    }
}
