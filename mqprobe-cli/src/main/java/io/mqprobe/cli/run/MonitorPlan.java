package io.mqprobe.cli.run;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * What to watch while load runs, as {@link MonitorOptions} concluded it.
 *
 * @param jmx        remote broker JMX endpoints, HOST:PORT
 * @param prometheus Prometheus text endpoints of remote brokers
 * @param interval   the sampling interval
 * @param disabled   sample nothing
 */
public record MonitorPlan(List<String> jmx, List<URI> prometheus, Duration interval, boolean disabled) {

    public MonitorPlan {
        jmx = List.copyOf(jmx);
        prometheus = List.copyOf(prometheus);
    }
}
