package io.mqprobe.cli.target;

import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.TargetUnreachableException;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.cli.TempMqprobeHome;
import io.mqprobe.run.target.ClusterSession;
import io.mqprobe.run.target.MqprobeHome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClusterSessionTest {

    @RegisterExtension
    final TempMqprobeHome home = new TempMqprobeHome();

    private final StringWriter progress = new StringWriter();

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void should_report_an_unreachable_bootstrap_as_target_unreachable() {
        TargetOptions options = ParsedTargetOptions.parse("--bootstrap", "127.0.0.1:1", "--connect-timeout", "2s");

        assertThatThrownBy(() -> ClusterSession.open(options.conclude(), 3, new PrintWriter(progress)))
                .isInstanceOf(TargetUnreachableException.class)
                .hasMessageContaining("127.0.0.1:1");
        assertThat(home.dir().resolve("embedded")).doesNotExist();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_refuse_sizing_an_embedded_cluster_for_a_remote_target() {
        TargetOptions options = ParsedTargetOptions.parse("--bootstrap", "127.0.0.1:1", "--brokers", "3");

        assertThatThrownBy(() -> ClusterSession.open(options.conclude(), 3, new PrintWriter(progress)))
                .isInstanceOf(UsageException.class).hasMessageContaining("--brokers");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_refuse_an_embedded_cluster_for_a_driver_that_has_none() {
        TargetOptions options = ParsedTargetOptions.parse("--driver", "pulsar");

        assertThatThrownBy(() -> ClusterSession.open(options.conclude(), 3, new PrintWriter(progress)))
                .isInstanceOf(UsageException.class).hasMessageContaining("--bootstrap");
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void should_check_the_command_config_before_starting_anything() {
        TargetOptions options = ParsedTargetOptions.parse("--command-config", home.dir().resolve("missing.properties").toString());

        assertThatThrownBy(() -> ClusterSession.open(options.conclude(), 1, new PrintWriter(progress)))
                .isInstanceOf(UsageException.class).hasMessageContaining("missing.properties");
        assertThat(progress.toString()).isEmpty();
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void should_start_a_temporary_embedded_cluster_and_stop_it_on_close() throws Exception {
        TargetOptions options = ParsedTargetOptions.parse("--brokers", "1");
        long pid;
        Path runDir;

        try (ClusterSession session = ClusterSession.open(options.conclude(), 3, new PrintWriter(progress, true))) {
            assertThat(progress.toString()).matches("starting embedded Kafka \\(1 broker\\) \\.\\.\\. ready in \\d+\\.\\d s\\R");
            assertThat(session.embedded()).isTrue();
            assertThat(session.localBrokers()).hasSize(1);
            LocalBrokerProcess broker = session.localBrokers().get(0);
            assertThat(broker.running()).isTrue();
            pid = broker.pid();
            runDir = broker.dataDir().getParent().getParent();
            assertThat(runDir.getParent()).isEqualTo(MqprobeHome.embeddedRunsDir());
            assertThat(session.target().bootstrap()).isEqualTo(session.embeddedCluster().orElseThrow().bootstrap());
            session.driver().admin().createTopic(TopicSpec.of("mqprobe-session", 2, 1));
            assertThat(session.driver().admin().describeTopic("mqprobe-session")).hasSize(2);
        }

        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThat(runDir).doesNotExist();
        try (Stream<Path> left = Files.list(MqprobeHome.embeddedRunsDir())) {
            assertThat(left).isEmpty();
        }
    }
}
