package io.mqprobe.run;

import java.time.Duration;

/**
 * What to watch while load runs, as the command concluded it from its monitor options.
 *
 * @param remote   remote brokers' JMX ports and Prometheus endpoints
 * @param interval the sampling interval
 * @param disabled sample nothing
 */
public record MonitorPlan(RemoteSources remote, Duration interval, boolean disabled) {
}
