package io.mqprobe.rocketmq;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.Target;
import io.mqprobe.api.TargetUnreachableException;
import io.mqprobe.api.UsageException;
import io.mqprobe.rocketmq.embedded.SharedRocketMqCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a user gets wrong, against a real name server and broker: one clear exception of the right kind, quickly. */
@ExtendWith(SharedRocketMqCluster.class)
class RocketMqBadInputTest {

    private static Driver driver;

    @BeforeAll
    static void connect() {
        driver = Drivers.connect(new Target("rocketmq", SharedRocketMqCluster.cluster().nameServer(), Map.of(), Duration.ofSeconds(10)));
    }

    @AfterAll
    static void disconnect() {
        if (driver != null) {
            driver.close();
        }
    }

    @Test
    @Timeout(value = 15, unit = TimeUnit.SECONDS)
    void should_report_a_name_server_that_does_not_answer_as_unreachable_within_the_connect_timeout() throws Exception {
        int unusedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            unusedPort = s.getLocalPort();
        }
        long startNs = System.nanoTime();

        assertThatThrownBy(() -> Drivers.connect(new Target("rocketmq", "127.0.0.1:" + unusedPort, Map.of(), Duration.ofSeconds(5))))
                .isInstanceOf(TargetUnreachableException.class)
                .hasMessageContaining("127.0.0.1:" + unusedPort)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThat(Duration.ofNanos(System.nanoTime() - startNs)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void should_fail_sends_to_a_topic_that_does_not_exist_when_auto_create_is_off() {
        assertThat(driver.admin().brokerConfig(1)).containsEntry("autoCreateTopicEnable", "false");
        List<Throwable> errors = new CopyOnWriteArrayList<>();

        try (MessageProducer producer = driver.newProducer(ClientSettings.producer("bad-input", Map.of()))) {
            producer.send("mqprobe-missing-" + System.nanoTime(), new byte[100], 1, (token, error) -> errors.add(error));
            producer.flush();
        }

        assertThat(errors).hasSize(1);
        assertThat(errors.get(0)).as("the send's error").isNotNull();
        assertThatThrownBy(() -> driver.admin().describeTopic("mqprobe-missing-" + System.nanoTime())).isInstanceOf(UsageException.class);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void should_refuse_a_broker_setting_that_does_not_exist_or_that_the_broker_rejects() {
        assertThatThrownBy(() -> driver.admin().alterBrokerConfig(1, Map.of("noSuchSetting", "1")))
                .isInstanceOf(UsageException.class).hasMessageContaining("noSuchSetting");
        // a setting the broker has but refuses to change at run time (its own black list): the broker's refusal
        assertThatThrownBy(() -> driver.admin().alterBrokerConfig(1, Map.of("configBlackList", "none")))
                .isInstanceOf(UsageException.class).hasMessageContaining("black list")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThat(driver.admin().brokerConfig(1).get("configBlackList")).isNotEqualTo("none");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void should_refuse_an_unknown_client_setting_before_starting_the_client() {
        assertThatThrownBy(() -> driver.newProducer(ClientSettings.producer("bad-setting", Map.of("sendMsgTimeoutt", "100"))))
                .isInstanceOf(UsageException.class).hasMessageContaining("sendMsgTimeoutt");
        assertThatThrownBy(() -> driver.newProducer(ClientSettings.producer("bad-mode", Map.of("sendMode", "sometimes"))))
                .isInstanceOf(UsageException.class).hasMessageContaining("sometimes");
    }
}
