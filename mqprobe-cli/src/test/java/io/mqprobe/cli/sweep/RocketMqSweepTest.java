package io.mqprobe.cli.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.Target;
import io.mqprobe.cli.CliRun;
import io.mqprobe.cli.SharedCliRocketMqCluster;
import io.mqprobe.experiment.ConfigJournal;
import io.mqprobe.result.ResultJson;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.target.EmbeddedClusters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code sweep --driver rocketmq} on the shared embedded RocketMQ cluster: a broker setting RocketMQ reads live is
 * ranked and put back afterwards; one it reads only at start (a thread pool's size) is refused before any load.
 */
@ExtendWith(SharedCliRocketMqCluster.class)
@Timeout(240)
class RocketMqSweepTest {

    /** Read by the commit log's flush thread on every round, so a change takes effect without a restart. */
    private static final String LIVE_KEY = "flushIntervalCommitLog";
    private static Driver driver;

    @BeforeAll
    static void connect() {
        String nameServer = EmbeddedClusters.attach("rocketmq").orElseThrow().bootstrap();
        driver = Drivers.connect(new Target("rocketmq", nameServer, Map.of(), Duration.ofSeconds(20)));
    }

    @AfterAll
    static void disconnect() {
        if (driver != null) {
            driver.close();
        }
    }

    private static String liveValue() {
        int broker = driver.admin().describeBrokers().stream().mapToInt(BrokerInfo::id).min().orElseThrow();
        return driver.admin().brokerConfig(broker).get(LIVE_KEY);
    }

    @Test
    void should_rank_two_values_of_a_live_broker_setting_and_put_the_old_value_back(@TempDir Path dir) throws Exception {
        String before = liveValue();
        String other = "100".equals(before) ? "300" : "100";

        CliRun run = CliRun.of("sweep", "--driver", "rocketmq", "--vary", "broker:" + LIVE_KEY + "=" + before + "," + other,
                "--rate", "300", "--partitions", "2", "--step-warmup", "1s", "--step-duration", "2s", "--no-monitor",
                "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode doc = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
        assertThat(doc.get("scenarios")).hasSize(4).allSatisfy(s -> {
            assertThat(s.get("verdict").get("kind").asText()).isEqualTo("sweep");
            assertThat(s.get("verdict").get("failure").isNull()).as(s.get("verdict").toString()).isTrue();
        });
        List<String> lines = ResultJson.MAPPER.convertValue(doc.get("summary").get("lines"),
                ResultJson.MAPPER.getTypeFactory().constructCollectionType(List.class, String.class));
        assertThat(lines.get(0)).startsWith("broker:" + LIVE_KEY);
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("broker:" + LIVE_KEY + "=" + before + " (baseline)"));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("broker:" + LIVE_KEY + "=" + other).contains("% ±"));
        // the other value was really set on the broker (journaled), and the broker has its old value again
        String journal = Files.readString(dir.resolve(ConfigJournal.FILE_NAME));
        assertThat(journal).contains("\"" + LIVE_KEY + "\"").contains("\"restored\"");
        assertThat(liveValue()).isEqualTo(before);
    }

    @Test
    void should_refuse_the_send_thread_pool_size_since_rocketmq_reads_it_only_at_start(@TempDir Path dir) {
        CliRun run = CliRun.of("sweep", "--driver", "rocketmq", "--vary", "broker:sendMessageThreadPoolNums=4,16",
                "--rate", "300", "--out", dir.toString());

        assertThat(run.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run.err().lines().filter(l -> l.startsWith("mqprobe: "))).as(run.err()).singleElement()
                .satisfies(l -> assertThat(l).contains("'sendMessageThreadPoolNums' is a static broker setting"));
        assertThat(run.millis()).isLessThan(30_000);
    }
}
