package io.mqprobe.rocketmq;

import io.mqprobe.api.Driver;
import io.mqprobe.api.DriverContractTest;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.Target;
import io.mqprobe.rocketmq.embedded.SharedRocketMqCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.Map;

/** The driver contract against a real RocketMQ name server and master; the driver is found through ServiceLoader. */
@ExtendWith(SharedRocketMqCluster.class)
class RocketMqDriverContractTest extends DriverContractTest {

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

    @Override
    protected Driver driver() {
        return driver;
    }

    @Override
    protected int brokerCount() {
        return 1;
    }

    /** Read at run time by the commit-log flush service, so a change is visible without a restart. */
    @Override
    protected SettingChange dynamicBrokerSetting() {
        return new SettingChange("flushIntervalCommitLog", "700");
    }

    /** RocketMQ has no per-topic size limit: the broker-wide {@code maxMessageSize} (4 MiB by default) applies. */
    @Override
    protected Map<String, String> maxMessageBytesTopicConfig(int maxBytes) {
        return Map.of();
    }

    @Override
    protected int oversizedMessageBytes() {
        int brokerLimit = Integer.parseInt(driver.admin().brokerConfig(driver.admin().describeBrokers().get(0).id()).get("maxMessageSize"));
        return brokerLimit + 1024;
    }
}
