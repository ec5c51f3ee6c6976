package io.mqprobe.run;

import io.mqprobe.api.UsageException;
import io.mqprobe.monitor.MonitorSources;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;

/**
 * Remote brokers' JMX ports and Prometheus endpoints, as the command concluded them from {@code --jmx} and {@code --prometheus}.
 *
 * @param jmx        HOST:PORT of each broker's JMX
 * @param prometheus endpoints, each optionally pinned to a broker id
 */
public record RemoteSources(List<String> jmx, List<PrometheusEndpoint> prometheus) {

    public RemoteSources {
        jmx = List.copyOf(jmx);
        prometheus = List.copyOf(prometheus);
    }

    /** A Prometheus endpoint, written {@code URL} or {@code ID=URL} to say which broker's host it watches. */
    public record PrometheusEndpoint(Integer brokerId, URI uri) {

        /** @throws UsageException for anything but an http(s) URL with a host; a password in it is never shown */
        public static PrometheusEndpoint parse(String text) {
            String t = text.trim();
            Integer id = null;
            int eq = t.indexOf('=');
            if (eq > 0 && t.substring(0, eq).matches("\\d+")) {
                id = Integer.parseInt(t.substring(0, eq));
                t = t.substring(eq + 1);
            }
            try {
                URI uri = new URI(t);
                if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
                    throw new UsageException("--prometheus expects [ID=]http(s)://host:port/path, got '" + redacted(uri) + "'");
                }
                return new PrometheusEndpoint(id, uri);
            } catch (URISyntaxException e) {
                throw new UsageException("--prometheus expects [ID=]http(s)://host:port/path, got a malformed URL");
            }
        }

        /**
         * The URL without its user info. Read from the text, not from {@link URI#getRawUserInfo()}: a URL without a
         * host parses as a registry-based authority, whose user info the URI does not report, and the password went out.
         */
        private static String redacted(URI uri) {
            return uri.toString().replaceFirst("(?<=//)[^/?#]*@", "");
        }
    }

    /** Adds every endpoint to the monitors being built. */
    public MonitorSources.Builder addTo(MonitorSources.Builder sources) {
        sources.jmx(jmx);
        for (PrometheusEndpoint p : prometheus) {
            if (p.brokerId() == null) {
                sources.prometheus(List.of(p.uri()));
            } else {
                sources.prometheus(p.brokerId(), p.uri());
            }
        }
        return sources;
    }
}
