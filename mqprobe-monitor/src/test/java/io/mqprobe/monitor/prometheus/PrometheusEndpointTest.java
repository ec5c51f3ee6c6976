package io.mqprobe.monitor.prometheus;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code --prometheus [ID=]URL}: an http(s) URL with a host, optionally pinned to a broker, never shown with its password. */
@Timeout(10)
class PrometheusEndpointTest {

    @Test
    void should_read_a_url_and_the_broker_it_is_pinned_to() {
        assertThat(PrometheusEndpoint.parse("http://b1:9100/metrics")).isEqualTo(new PrometheusEndpoint(null, URI.create("http://b1:9100/metrics")));
        assertThat(PrometheusEndpoint.parse(" 3=https://scraper:s3cret@b3:7071/ "))
                .isEqualTo(new PrometheusEndpoint(3, URI.create("https://scraper:s3cret@b3:7071/")));
    }

    @Test
    void should_refuse_anything_but_an_http_url_with_a_host() {
        assertThatThrownBy(() -> PrometheusEndpoint.parse("file:///etc/passwd"))
                .isInstanceOf(UsageException.class).hasMessage("--prometheus expects [ID=]http(s)://host:port/path, got 'file:///etc/passwd'");
        assertThatThrownBy(() -> PrometheusEndpoint.parse("http://b1:9100/metrics with spaces"))
                .isInstanceOf(UsageException.class).hasMessageEndingWith("got a malformed URL");
    }

    @Test
    void should_never_show_the_password_of_a_refused_url() {
        assertThatThrownBy(() -> PrometheusEndpoint.parse("ftp://scraper:hunter2@b1/metrics"))
                .isInstanceOf(UsageException.class).hasMessageContaining("ftp://b1/metrics").hasMessageNotContaining("hunter2");
        // without a host the authority is registry-based and URI reports no user info: the text is what is cut
        assertThatThrownBy(() -> PrometheusEndpoint.parse("http://scraper:hunter2@/metrics"))
                .isInstanceOf(UsageException.class).hasMessageNotContaining("hunter2");
    }
}
