package io.mqprobe.cli.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.BrokerSetting;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.Target;
import io.mqprobe.cli.CliRun;
import io.mqprobe.experiment.ConfigJournal;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import io.mqprobe.result.ResultJson;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A static broker setting swept on a 1-broker cluster of its own ({@code cluster up}, so it outlives the
 * sweep): the broker is restarted with each value, which it reports through describeConfigs while the
 * sweep runs, and its start-up file and value are as before once the sweep is over.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SweepStaticSettingTest {

    private static final String KEY = "queued.max.requests";

    @TempDir
    static Path home;

    private static String previousHome;
    private static Driver driver;

    @BeforeAll
    static void startCluster() {
        previousHome = System.getProperty("mqprobe.home");
        System.setProperty("mqprobe.home", home.toString());
        CliRun up = CliRun.of("cluster", "up", "--brokers", "1");
        assertThat(up.exitCode()).as(up.err()).isZero();
        String bootstrap = EmbeddedKafkaCluster.attach(home.resolve("cluster")).orElseThrow().bootstrap();
        driver = Drivers.connect(new Target("kafka", bootstrap, Map.of(), Duration.ofSeconds(20)));
    }

    @AfterAll
    static void stopCluster() {
        try {
            if (driver != null) {
                driver.close();
            }
            EmbeddedKafkaCluster.attach(home.resolve("cluster")).ifPresent(EmbeddedKafkaCluster::close);
        } finally {
            if (previousHome == null) {
                System.clearProperty("mqprobe.home");
            } else {
                System.setProperty("mqprobe.home", previousHome);
            }
        }
    }

    @Test
    void should_restart_the_broker_with_each_value_of_a_static_setting_and_restore_it(@TempDir Path dir) throws Exception {
        BrokerSetting before = driver.admin().brokerSetting(1, KEY);
        assertThat(before.readOnly()).isTrue();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        Thread watcher = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    seen.add(driver.admin().brokerSetting(1, KEY).value());
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException restarting) {
                    // the broker is down for its restart; ask again
                }
            }
        }, "static-setting-watcher");
        watcher.setDaemon(true);
        watcher.start();
        CliRun run;
        try {
            run = CliRun.of("sweep", "--vary", "broker:" + KEY + "=" + before.value() + ",100", "--rate", "200",
                    "--step-warmup", "1s", "--step-duration", "2s", "--out", dir.toString());
        } finally {
            watcher.interrupt();
            watcher.join(10_000);
        }

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(seen).as("values the broker reported during the sweep").contains(before.value(), "100");
        assertThat(driver.admin().brokerSetting(1, KEY)).isEqualTo(before);
        String startup = Files.readString(home.resolve("cluster").resolve("broker-1").resolve("server.properties"));
        assertThat(startup).doesNotContain(KEY);
        String journal = Files.readString(dir.resolve(ConfigJournal.FILE_NAME));
        assertThat(journal).contains("\"restart\":true").contains("\"restored\"");
        assertThat(run.err()).contains("broker 1 restarted, every partition in full ISR");
        JsonNode doc = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
        assertThat(doc.get("scenarios")).hasSize(4);
        for (JsonNode s : doc.get("scenarios")) {
            assertThat(s.get("verdict").get("failure").isNull()).as(s.get("verdict").toString()).isTrue();
        }
    }
}
