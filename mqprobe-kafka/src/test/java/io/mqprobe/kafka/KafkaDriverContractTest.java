package io.mqprobe.kafka;

import io.mqprobe.api.Driver;
import io.mqprobe.api.DriverContractTest;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.Target;
import io.mqprobe.kafka.embedded.SharedKafkaCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The driver contract against the shared real 3-broker cluster; the driver is found through ServiceLoader. */
@ExtendWith(SharedKafkaCluster.class)
class KafkaDriverContractTest extends DriverContractTest {

    private static Driver driver;

    @BeforeAll
    static void connect() {
        driver = Drivers.connect(new Target("kafka", SharedKafkaCluster.cluster().bootstrap(), Map.of(), Duration.ofSeconds(10)));
    }

    @AfterAll
    static void disconnect() {
        if (driver != null) {
            driver.close();
        }
    }

    @Test
    void should_read_how_often_the_brokers_delete_segments_past_their_retention() {
        // the embedded brokers check every 5 s (BrokerConfig), not Kafka's default 5 min
        assertThat(driver.replicaSizeLimitEnforcedEvery()).contains(Duration.ofSeconds(5));
        assertThat(driver.replicaSizeLimitEnforcementSetting()).as("the setting a slow check's warning names")
                .isEqualTo("log.retention.check.interval.ms");
    }

    @Override
    protected Driver driver() {
        return driver;
    }

    @Override
    protected int brokerCount() {
        return SharedKafkaCluster.BROKERS;
    }
}
