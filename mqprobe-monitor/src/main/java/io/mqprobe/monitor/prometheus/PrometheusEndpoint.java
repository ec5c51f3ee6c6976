package io.mqprobe.monitor.prometheus;

import io.mqprobe.api.UsageException;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * A Prometheus text endpoint (node_exporter, JMX exporter), written {@code URL} or {@code ID=URL} to say which broker's
 * host it watches; without an id it is matched to a broker by host.
 *
 * @param brokerId the broker named by {@code ID=}, or {@code null}
 * @param uri      an http(s) URL with a host; user info in it becomes the scrape's basic authentication
 */
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
