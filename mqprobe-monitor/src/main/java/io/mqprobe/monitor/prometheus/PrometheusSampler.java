package io.mqprobe.monitor.prometheus;

import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Scrapes one Prometheus text endpoint (node_exporter, or the JMX exporter on a Kafka broker) and
 * maps the standard metric names to mqprobe's; one endpoint may serve both kinds. Credentials in
 * the URL ({@code https://user:pass@host/metrics}) are sent as basic auth and never printed.
 */
public final class PrometheusSampler implements Sampler {

    private final URI endpoint;
    private final HttpClient http;
    private final Duration timeout;
    private final String authorization;
    private final NodeExporterMapping node;
    private final KafkaExporterMapping kafka;

    /**
     * @param endpoint            e.g. {@code http://broker1:9100/metrics}
     * @param source              source of the samples, {@code broker-<id>} of the broker on that host
     * @param timeout             longest a scrape may take
     * @param diskWriteCeilingBps capacity for the host's disk write rate, or {@code NaN}
     * @param nicCeilingBps       capacity for the host's NIC rates, or {@code NaN}
     * @param reportProcessCpu    report the exporter's JVM process CPU (off when node_exporter covers the host)
     */
    public PrometheusSampler(URI endpoint, String source, Duration timeout, double diskWriteCeilingBps,
                             double nicCeilingBps, boolean reportProcessCpu) {
        this.endpoint = withoutUserInfo(endpoint);
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL).build();
        this.authorization = endpoint.getRawUserInfo() == null ? null
                : "Basic " + Base64.getEncoder().encodeToString(decode(endpoint.getRawUserInfo()).getBytes(StandardCharsets.UTF_8));
        this.node = new NodeExporterMapping(source, diskWriteCeilingBps, nicCeilingBps);
        this.kafka = new KafkaExporterMapping(source, reportProcessCpu);
    }

    @Override
    public String name() {
        return "prometheus " + endpoint;
    }

    @Override
    public List<ResourceSample> sample(long epochMs) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(timeout)
                .header("Accept", "text/plain;version=0.0.4");
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> response = http.send(request.GET().build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode() + " from " + endpoint);
        }
        List<PromSample> samples = TextFormatParser.parse(response.body());
        List<ResourceSample> out = new ArrayList<>(node.map(samples, epochMs));
        out.addAll(kafka.map(samples, epochMs));
        return out;
    }

    private static URI withoutUserInfo(URI uri) {
        try {
            return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), uri.getPath(), uri.getQuery(), null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static String decode(String rawUserInfo) {
        return java.net.URLDecoder.decode(rawUserInfo.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
