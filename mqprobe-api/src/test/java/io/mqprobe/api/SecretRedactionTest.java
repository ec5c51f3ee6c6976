package io.mqprobe.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(5)
class SecretRedactionTest {

    @Test
    void should_mask_passwords_and_jaas_configs_but_keep_the_rest() {
        Target target = new Target("kafka", "h:9092", Map.of(
                "sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\" password=\"hunter2\";",
                "ssl.truststore.password", "hunter2",
                "ssl.key.password", "hunter2",
                "security.protocol", "SASL_SSL",
                "key.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer"), Duration.ofSeconds(1));

        assertThat(target.toString()).doesNotContain("hunter2").contains("SASL_SSL");
        assertThat(target.redactedProperties())
                .containsEntry("sasl.jaas.config", SecretRedaction.MASK)
                .containsEntry("ssl.key.password", SecretRedaction.MASK)
                .containsEntry("key.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer");
    }
}
