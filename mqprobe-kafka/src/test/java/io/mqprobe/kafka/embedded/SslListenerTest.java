package io.mqprobe.kafka.embedded;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One broker with an SSL listener beside the plaintext one, keys made at start into its run dir. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class SslListenerTest {

    private static EmbeddedKafkaCluster cluster;

    @BeforeAll
    static void start() {
        cluster = EmbeddedKafkaCluster.start(EmbeddedClusterOptions.defaults().withBrokers(1).withHeapBytes(512L << 20).withSsl(true));
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void should_make_keys_in_the_run_dir_and_give_clients_no_password() {
        Map<String, String> client = cluster.sslClientSettings();

        assertThat(client).containsEntry("security.protocol", "SSL").containsEntry("ssl.truststore.type", "PEM");
        assertThat(client.keySet()).noneMatch(k -> k.contains("password"));
        Path trustStore = Path.of(client.get("ssl.truststore.location"));
        assertThat(trustStore).startsWith(cluster.runDir()).isRegularFile();
        assertThat(cluster.sslBootstrap()).get().isNotEqualTo(cluster.bootstrap());
    }

    @Test
    void should_produce_and_consume_over_the_ssl_listener() throws Exception {
        Target ssl = new Target("kafka", cluster.sslBootstrap().orElseThrow(), cluster.sslClientSettings(), Duration.ofSeconds(30));
        try (Driver driver = Drivers.connect(ssl)) {
            driver.admin().createTopic(TopicSpec.of("mqprobe-ssl-test", 1, 1));
            CompletableFuture<Throwable> acked = new CompletableFuture<>();
            try (MessageProducer producer = driver.newProducer(ClientSettings.producer("ssl-test", Map.of()))) {
                producer.send("mqprobe-ssl-test", "over tls".getBytes(), 0, (token, error) -> acked.complete(error));
                producer.flush();
            }
            assertThat(acked.get(30, TimeUnit.SECONDS)).isNull();
            AtomicInteger received = new AtomicInteger();
            try (MessageConsumer consumer = driver.newConsumer(ClientSettings.consumer("ssl-test-c", "ssl-test", Map.of()))) {
                consumer.subscribe(List.of("mqprobe-ssl-test"));
                long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (received.get() == 0 && System.nanoTime() < deadlineNs) {
                    consumer.poll(Duration.ofMillis(500), (partition, value) -> received.incrementAndGet());
                }
            }
            assertThat(received.get()).isEqualTo(1);
        }
    }

    @Test
    void should_name_the_ssl_handshake_when_a_client_lacks_the_trust_store() {
        Target noTrust = new Target("kafka", cluster.sslBootstrap().orElseThrow(), Map.of("security.protocol", "SSL"), Duration.ofSeconds(20));

        assertThatThrownBy(() -> Drivers.connect(noTrust))
                .isInstanceOf(UsageException.class)
                .hasMessageStartingWith("SSL handshake with Kafka at " + noTrust.bootstrap() + " failed")
                .hasMessageNotContaining("\n");
    }

    @Test
    void should_keep_the_key_store_password_out_of_the_material_description() throws Exception {
        String serverProperties = Files.readString(cluster.runDir().resolve("broker-1").resolve("server.properties"));
        String password = serverProperties.lines().filter(l -> l.startsWith("ssl.keystore.password="))
                .findFirst().orElseThrow().substring("ssl.keystore.password=".length());

        assertThat(SslMaterial.existing(cluster.runDir(), password).toString()).doesNotContain(password);
        assertThat(serverProperties).contains("inter.broker.listener.name=SSL");
    }
}
