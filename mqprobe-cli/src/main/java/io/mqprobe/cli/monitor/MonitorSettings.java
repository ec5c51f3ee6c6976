package io.mqprobe.cli.monitor;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.DataRate;
import io.mqprobe.api.units.TimeSpan;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code monitor} command's flags, parsed and checked in one place before any broker is
 * started or contacted.
 *
 * @param interval            time between samples and screens, at least 100 ms
 * @param duration            how long to watch, or {@code null} for until Ctrl-C
 * @param prometheus          endpoints, each optionally pinned to a broker id
 * @param diskWriteCeilingBps disk ceiling for percentages, or {@code NaN}
 * @param nicCeilingBps       NIC ceiling for percentages, or {@code NaN}
 */
record MonitorSettings(Duration interval, Duration duration, List<PrometheusEndpoint> prometheus,
                       double diskWriteCeilingBps, double nicCeilingBps) {

    static final long MIN_INTERVAL_MS = 100;

    /** A Prometheus endpoint, written {@code URL} or {@code ID=URL} to say which broker's host it watches. */
    record PrometheusEndpoint(Integer brokerId, URI uri) {

        static PrometheusEndpoint parse(String text) {
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
            } catch (java.net.URISyntaxException e) {
                throw new UsageException("--prometheus expects [ID=]http(s)://host:port/path, got a malformed URL");
            }
        }

        private static String redacted(URI uri) {
            return uri.getRawUserInfo() == null ? uri.toString() : uri.toString().replace(uri.getRawUserInfo() + "@", "");
        }
    }

    static MonitorSettings parse(String interval, String duration, List<String> prometheus, String diskCeiling, String nicCeiling) {
        Duration every = TimeSpan.parsePositive("--interval", interval);
        if (every.toMillis() < MIN_INTERVAL_MS) {
            throw new UsageException("--interval must be at least " + MIN_INTERVAL_MS + "ms, got " + interval);
        }
        Duration watchFor = duration == null ? null : TimeSpan.parsePositive("--duration", duration);
        List<PrometheusEndpoint> endpoints = new ArrayList<>();
        for (String p : prometheus) {
            if (!p.isBlank()) {
                endpoints.add(PrometheusEndpoint.parse(p));
            }
        }
        return new MonitorSettings(every, watchFor, List.copyOf(endpoints), rate("--disk-ceiling", diskCeiling), rate("--nic-ceiling", nicCeiling));
    }

    private static double rate(String flag, String text) {
        if (text == null) {
            return Double.NaN;
        }
        double bytesPerSecond = DataRate.parse(text);
        if (bytesPerSecond <= 0) {
            throw new UsageException(flag + " must be positive, got " + text);
        }
        return bytesPerSecond;
    }
}
