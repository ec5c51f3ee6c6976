package io.mqprobe.cli.run;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.TimeSpan;
import picocli.CommandLine.Option;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Where to watch resources while load runs (picocli mixin shared by every load command). */
public final class MonitorOptions {

    @Option(names = "--jmx", split = ",", paramLabel = "HOST:PORT",
            description = "Remote broker JMX endpoints to sample (embedded brokers are always sampled).")
    List<String> jmx = new ArrayList<>();

    @Option(names = "--prometheus", split = ",", paramLabel = "URL",
            description = "Prometheus text endpoints (node_exporter, JMX exporter) of remote brokers.")
    List<String> prometheus = new ArrayList<>();

    @Option(names = "--monitor-interval", paramLabel = "DURATION", defaultValue = "1s",
            description = "Resource sampling interval (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--no-monitor", description = "Do not sample resources.")
    boolean disabled;

    /** The monitors, parsed and checked before the session opens: a bad value is exit 2 before any cluster starts. */
    public MonitorPlan conclude() {
        Duration every = interval();
        return new MonitorPlan(jmxEndpoints(), prometheusEndpoints(), every, disabled);
    }

    private Duration interval() {
        Duration d = TimeSpan.parsePositive("--monitor-interval", interval);
        if (d.toMillis() < 100) {
            throw new UsageException("--monitor-interval must be at least 100ms, got " + interval);
        }
        return d;
    }

    private List<URI> prometheusEndpoints() {
        List<URI> uris = new ArrayList<>();
        for (String p : prometheus) {
            try {
                URI uri = URI.create(p.trim());
                if (uri.getScheme() == null || !uri.getScheme().startsWith("http")) {
                    throw new IllegalArgumentException("not http");
                }
                uris.add(uri);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--prometheus expects http(s) URLs, got '" + p + "'");
            }
        }
        return uris;
    }

    private List<String> jmxEndpoints() {
        for (String j : jmx) {
            if (!j.matches("[^:\\s]+:\\d{1,5}")) {
                throw new UsageException("--jmx expects HOST:PORT, got '" + j + "'");
            }
        }
        return List.copyOf(jmx);
    }
}
