package io.mqprobe.monitor.jmx;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A broker whose JMX role may read attributes but not call operations (Strimzi's authenticated JMX user is such a
 * "readonly" one): starting a flight recording is an operation, so it is refused; the broker is monitored as before,
 * and the refusal is said once, in one line.
 */
@Timeout(30)
class ReadOnlyJmxRecordingTest {

    @TempDir
    Path dir;
    private LocalJmxServer jmx;
    private FakeKafkaBeans beans;

    @BeforeEach
    void start() throws Exception {
        Path access = Files.writeString(dir.resolve("jmxremote.access"), "reader readonly\n");
        jmx = LocalJmxServer.readOnly(access);
        beans = new FakeKafkaBeans(3);
    }

    @AfterEach
    void stop() throws Exception {
        beans.close();
        jmx.close();
    }

    @Test
    void should_probe_as_before_and_say_once_that_the_recording_was_refused() throws Exception {
        try (KafkaJmxSampler sampler = new KafkaJmxSampler(new JmxConnection("127.0.0.1", () -> jmx.port, Duration.ofSeconds(5)),
                1, true, true)) {
            sampler.sample(1_000);
            List<String> notices = new ArrayList<>(sampler.takeNotices());
            beans.bytesIn.count.addAndGet(2_000_000);
            List<ResourceSample> second = sampler.sample(2_000);
            notices.addAll(sampler.takeNotices());

            assertThat(second).extracting(ResourceSample::metric).contains(Metric.BYTES_IN_BPS, Metric.CPU_CORES);
            assertThat(second).extracting(ResourceSample::metric).doesNotContain(Metric.CPU_LIMIT_CORES);
            assertThat(notices).hasSize(1);
            assertThat(notices.get(0)).startsWith("broker-3: no flight recording over JMX").contains("read-only").doesNotContain("\n");
        }
    }
}
