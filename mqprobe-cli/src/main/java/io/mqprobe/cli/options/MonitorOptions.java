package io.mqprobe.cli.options;

import io.mqprobe.api.UsageException;
import io.mqprobe.run.MonitorPlan;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;

/** Where to watch resources while load runs (picocli mixin shared by every load command). */
public final class MonitorOptions {

    @Mixin
    RemoteSourceOptions remote = new RemoteSourceOptions();

    @Option(names = "--monitor-interval", paramLabel = "DURATION", defaultValue = "1s", converter = DurationConverter.class,
            description = "Resource sampling interval (default: ${DEFAULT-VALUE}).")
    Duration interval;

    @Option(names = "--no-monitor", description = "Do not sample resources.")
    boolean disabled;

    /** The monitors, parsed and checked before the session opens: a bad value is exit 2 before any cluster starts. */
    public MonitorPlan conclude() {
        if (interval.toMillis() < 100) {
            throw new UsageException("--monitor-interval must be at least 100ms, got " + interval.toMillis() + "ms");
        }
        return new MonitorPlan(remote.conclude(), interval, disabled);
    }
}
