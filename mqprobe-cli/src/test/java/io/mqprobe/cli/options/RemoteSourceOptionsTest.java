package io.mqprobe.cli.options;

import io.mqprobe.api.HostPort;
import io.mqprobe.api.UsageException;
import io.mqprobe.monitor.prometheus.PrometheusEndpoint;
import io.mqprobe.run.RemoteSources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One parser for remote brokers' endpoints, the same for {@code monitor} and every load command. */
@Timeout(10)
class RemoteSourceOptionsTest {

    @Command(name = "remote-test")
    static final class Holder {
        @Mixin
        RemoteSourceOptions remote;
    }

    private static RemoteSources concluded(String... args) {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs(args);
        return holder.remote.conclude();
    }

    @Test
    void should_read_jmx_ports_and_prometheus_endpoints_pinned_to_brokers() {
        RemoteSources sources = concluded("--jmx", "b1:9999,b2:9999", "--prometheus", "http://b1:9100/metrics,3=http://b3:7071/");

        assertThat(sources.jmx()).containsExactly(new HostPort("b1", 9999), new HostPort("b2", 9999));
        assertThat(sources.prometheus()).containsExactly(
                new PrometheusEndpoint(null, URI.create("http://b1:9100/metrics")),
                new PrometheusEndpoint(3, URI.create("http://b3:7071/")));
    }

    @Test
    void should_reject_bad_endpoints_with_the_flag_name_and_never_show_a_password() {
        assertThatThrownBy(() -> concluded("--jmx", "nohost")).isInstanceOf(UsageException.class)
                .hasMessage("bad --jmx 'nohost': expected HOST:PORT");
        assertThatThrownBy(() -> concluded("--prometheus", "ftp://user:hunter2@b1/metrics")).isInstanceOf(UsageException.class)
                .hasMessageContaining("--prometheus").hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> concluded("--prometheus", "http://user:hunter2@/metrics")).isInstanceOf(UsageException.class)
                .hasMessageNotContaining("hunter2");
    }
}
