package io.mqprobe.cli.options;

import io.mqprobe.api.HostPort;
import io.mqprobe.monitor.prometheus.PrometheusEndpoint;
import io.mqprobe.run.RemoteSources;
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
        List<HostPort> addresses = jmx.stream().map(j -> HostPort.parseRemote("--jmx", j)).toList();
        List<PrometheusEndpoint> endpoints = prometheus.stream().filter(p -> !p.isBlank()).map(PrometheusEndpoint::parse).toList();
        return new RemoteSources(addresses, endpoints);
    }
}
