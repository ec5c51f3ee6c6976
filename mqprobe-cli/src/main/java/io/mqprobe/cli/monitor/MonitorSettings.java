package io.mqprobe.cli.monitor;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Ceiling;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.probes.Ceilings;

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

    static MonitorSettings parse(String interval, String duration, String diskCeiling, String nicCeiling) {
        Duration every = TimeSpan.parsePositive("--interval", interval);
        if (every.toMillis() < MIN_INTERVAL_MS) {
            throw new UsageException("--interval must be at least " + MIN_INTERVAL_MS + "ms, got " + interval);
        }
        Duration watchFor = duration == null ? null : TimeSpan.parsePositive("--duration", duration);
        return new MonitorSettings(every, watchFor, Ceilings.configured("--disk-ceiling", diskCeiling),
                Ceilings.configured("--nic-ceiling", nicCeiling));
    }
}
