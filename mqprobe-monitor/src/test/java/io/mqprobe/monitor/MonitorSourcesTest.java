package io.mqprobe.monitor;

import io.mqprobe.api.HostPort;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.monitor.prometheus.PrometheusEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class MonitorSourcesTest {

    @Test
    void should_build_one_sampler_per_source_and_name_each_for_its_warning() {
        List<Sampler> samplers = MonitorSources.builder()
                .client()
                .host()
                .localBrokers(List.of(new LocalBrokerProcess(1, 4242, 9991, Path.of("/data/b1")),
                        new LocalBrokerProcess(2, -1, 9992, Path.of("/data/b2"))))
                .jmx(List.of(HostPort.parseRemote("--jmx", "kafka-a:9999"), HostPort.parseRemote("--jmx", "[::1]:9998")))
                .prometheus(List.of(PrometheusEndpoint.parse("http://kafka-a:9100/metrics"), PrometheusEndpoint.parse("http://kafka-a:7071/"),
                        PrometheusEndpoint.parse("http://kafka-b:9100/metrics"), PrometheusEndpoint.parse("7=https://kafka-z:9100/metrics")))
                .build();

        assertThat(samplers).extracting(Sampler::name).containsExactly(
                "/proc client", "jvm client", "/proc host", "speed host",
                "/proc broker-1", "jmx broker-1 (127.0.0.1:9991)",
                "/proc broker-2", "jmx broker-2 (127.0.0.1:9992)",
                "jmx kafka-a:9999", "jmx [::1]:9998",
                "prometheus http://kafka-a:9100/metrics", "prometheus http://kafka-a:7071/",
                "prometheus http://kafka-b:9100/metrics", "prometheus https://kafka-z:9100/metrics");
    }

    @Test
    void should_build_nothing_when_no_source_is_asked_for() {
        assertThat(MonitorSources.builder().ceilings(new io.mqprobe.api.monitor.Ceiling(1e9, "probed"),
                new io.mqprobe.api.monitor.Ceiling(1.25e9, "configured")).build()).isEmpty();
    }
}
