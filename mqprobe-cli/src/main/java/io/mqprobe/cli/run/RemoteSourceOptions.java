package io.mqprobe.cli.run;

import io.mqprobe.run.RemoteSources;
import io.mqprobe.api.UsageException;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * Where remote brokers' resources are read: their JMX ports and Prometheus endpoints (picocli mixin of every load
 * command, through {@link MonitorOptions}, and of {@code monitor}).
 */
public final class RemoteSourceOptions {

    @Option(names = "--jmx", split = ",", paramLabel = "HOST:PORT",
            description = "JMX ports of remote brokers to sample (embedded brokers are always sampled).")
    List<String> jmx = new ArrayList<>();

    @Option(names = "--prometheus", split = ",", paramLabel = "[ID=]URL",
            description = "Prometheus text endpoints of remote brokers (node_exporter, JMX exporter); ID= names the broker on that host.")
    List<String> prometheus = new ArrayList<>();

    /** The endpoints, checked before anything starts or is contacted. */
    public RemoteSources conclude() {
        for (String j : jmx) {
            if (!j.matches("[^:\\s]+:\\d{1,5}")) {
                throw new UsageException("--jmx expects HOST:PORT, got '" + j + "'");
            }
        }
        List<RemoteSources.PrometheusEndpoint> endpoints = new ArrayList<>();
        for (String p : prometheus) {
            if (!p.isBlank()) {
                endpoints.add(RemoteSources.PrometheusEndpoint.parse(p));
            }
        }
        return new RemoteSources(jmx, endpoints);
    }
}
