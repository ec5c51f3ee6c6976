package io.mqprobe.monitor.prometheus;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.api.monitor.Sources;

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
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Scrapes one Prometheus text endpoint (node_exporter, the JMX exporter on a Kafka broker, or cAdvisor's container
 * series from a kubelet) and maps the standard metric names to mqprobe's; one endpoint may serve several kinds.
 * Credentials in the URL ({@code https://user:pass@host/metrics}) are sent as basic auth and never printed.
 */
public final class PrometheusSampler implements Sampler {

    private final URI endpoint;
    private final HttpClient http;
    private final Duration timeout;
    private final String authorization;
    private final String source;
    private final String nodeSource;
    private final BrokerOwnCpu ownCpu;
    private final NodeExporterMapping node;
    private final KafkaExporterMapping kafka;
    private final CadvisorMapping container;

    /**
     * @param endpoint            e.g. {@code http://broker1:9100/metrics}
     * @param source              source of the samples, {@code broker-<id>} of the broker on that host
     * @param timeout             longest a scrape may take
     * @param diskWriteCeilingBps capacity for the host's disk write rate, empty when not probed
     * @param nicCeilingBps       capacity for the host's NIC rates, empty when not probed
     * @param reportProcessCpu    report the exporter's JVM process CPU (off when node_exporter covers the host)
     */
    public PrometheusSampler(URI endpoint, String source, Duration timeout, OptionalDouble diskWriteCeilingBps,
                             OptionalDouble nicCeilingBps, boolean reportProcessCpu) {
        this(endpoint, source, timeout, diskWriteCeilingBps, nicCeilingBps, reportProcessCpu, new BrokerOwnCpu());
    }

    /**
     * Like {@link #PrometheusSampler(URI, String, Duration, OptionalDouble, OptionalDouble, boolean)}, for one of several endpoints of
     * a broker.
     *
     * @param source          {@code broker-<id>}: the broker's container, found by its pod name ending in {@code -<id>}
     * @param ownCpu   shared by all endpoints of the broker: once one serves the broker's container, the node's
     *                        CPU from node_exporter goes to {@link Sources#nodeOf(String)}, not to {@code source}
     */
    public PrometheusSampler(URI endpoint, String source, Duration timeout, OptionalDouble diskWriteCeilingBps,
                             OptionalDouble nicCeilingBps, boolean reportProcessCpu, BrokerOwnCpu ownCpu) {
        this.endpoint = withoutUserInfo(endpoint);
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL).build();
        this.authorization = endpoint.getRawUserInfo() == null ? null
                : "Basic " + Base64.getEncoder().encodeToString(decode(endpoint.getRawUserInfo()).getBytes(StandardCharsets.UTF_8));
        this.source = source;
        this.nodeSource = Sources.nodeOf(source);
        this.ownCpu = ownCpu;
        this.node = new NodeExporterMapping(source, diskWriteCeilingBps, nicCeilingBps);
        this.kafka = new KafkaExporterMapping(source, reportProcessCpu);
        this.container = new CadvisorMapping(source, brokerId(source));
    }

    /** The container whose cAdvisor series the last scrape reported as the broker's, e.g. {@code my-cluster-kafka-2/kafka}. */
    public Optional<String> brokerContainer() {
        return container.chosenContainer().map(Object::toString);
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
        List<ResourceSample> out = new ArrayList<>(container.map(samples, epochMs));
        if (container.chosenContainer().isPresent()) {
            ownCpu.markReported();
        }
        // one origin per source and metric, or the step's mean blends them: with the broker's container known (here
        // or on another endpoint of the broker), its CPU is the broker's, and the node's and the JVM's are not
        boolean containerCpu = ownCpu.reported();
        out.addAll(node.map(samples, epochMs, containerCpu ? nodeSource : source));
        kafka.map(samples, epochMs).stream()
                .filter(s -> !(containerCpu && s.metric().equals(Metric.CPU_CORES)))
                .forEach(out::add);
        return out;
    }

    /** The id in {@code broker-<id>}, or -1 (no pod is named for it) for any other source. */
    private static int brokerId(String source) {
        String digits = source.substring(source.lastIndexOf('-') + 1);
        return digits.matches("\\d{1,9}") ? Integer.parseInt(digits) : -1;
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
