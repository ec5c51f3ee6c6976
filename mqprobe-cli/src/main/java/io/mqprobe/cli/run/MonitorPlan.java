package io.mqprobe.cli.run;

import java.time.Duration;

/**
 * What to watch while load runs, as {@link MonitorOptions} concluded it.
 *
 * @param remote   remote brokers' JMX ports and Prometheus endpoints
 * @param interval the sampling interval
 * @param disabled sample nothing
 */
public record MonitorPlan(RemoteSources remote, Duration interval, boolean disabled) {
}
