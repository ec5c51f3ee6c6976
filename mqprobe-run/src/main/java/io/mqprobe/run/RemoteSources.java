package io.mqprobe.run;

import io.mqprobe.api.HostPort;
import io.mqprobe.monitor.MonitorSources;
import io.mqprobe.monitor.prometheus.PrometheusEndpoint;

import java.util.List;

/**
 * Remote brokers' JMX ports and Prometheus endpoints, as the command concluded them from {@code --jmx} and {@code --prometheus}.
 *
 * @param jmx        each remote broker's JMX address
 * @param prometheus Prometheus text endpoints, each optionally pinned to a broker
 */
public record RemoteSources(List<HostPort> jmx, List<PrometheusEndpoint> prometheus) {

    public RemoteSources {
        jmx = List.copyOf(jmx);
        prometheus = List.copyOf(prometheus);
    }

    /** Adds every endpoint to the monitors being built. */
    public MonitorSources.Builder addTo(MonitorSources.Builder sources) {
        return sources.jmx(jmx).prometheus(prometheus);
    }
}
