package io.mqprobe.cli.monitor;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Ceiling;
import io.mqprobe.cli.options.CeilingOptions;

import java.time.Duration;

/**
 * The {@code monitor} command's flags, parsed and checked in one place before any broker is
 * started or contacted.
 *
 * @param interval            time between samples and screens, at least 100 ms
 * @param duration            how long to watch, or {@code null} for until Ctrl-C
 * @param diskWriteCeiling disk ceiling for percentages, or {@code null}
 * @param nicCeiling       NIC ceiling for percentages, or {@code null}
 */
record MonitorSettings(Duration interval, Duration duration, Ceiling diskWriteCeiling, Ceiling nicCeiling) {

    static final long MIN_INTERVAL_MS = 100;

    /** @param interval and {@code duration} as picocli converted them (positive); the ceilings as typed */
    static MonitorSettings parse(Duration interval, Duration duration, CeilingOptions ceilings) {
        if (interval.toMillis() < MIN_INTERVAL_MS) {
            throw new UsageException("--interval must be at least " + MIN_INTERVAL_MS + "ms, got " + interval.toMillis() + "ms");
        }
        return new MonitorSettings(interval, duration, ceilings.disk(), ceilings.nic());
    }
}
