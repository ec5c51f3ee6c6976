package io.mqprobe.cli.monitor;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.DataRate;
import io.mqprobe.api.units.TimeSpan;

import java.time.Duration;

/**
 * The {@code monitor} command's flags, parsed and checked in one place before any broker is
 * started or contacted.
 *
 * @param interval            time between samples and screens, at least 100 ms
 * @param duration            how long to watch, or {@code null} for until Ctrl-C
 * @param diskWriteCeilingBps disk ceiling for percentages, or {@code NaN}
 * @param nicCeilingBps       NIC ceiling for percentages, or {@code NaN}
 */
record MonitorSettings(Duration interval, Duration duration, double diskWriteCeilingBps, double nicCeilingBps) {

    static final long MIN_INTERVAL_MS = 100;

    static MonitorSettings parse(String interval, String duration, String diskCeiling, String nicCeiling) {
        Duration every = TimeSpan.parsePositive("--interval", interval);
        if (every.toMillis() < MIN_INTERVAL_MS) {
            throw new UsageException("--interval must be at least " + MIN_INTERVAL_MS + "ms, got " + interval);
        }
        Duration watchFor = duration == null ? null : TimeSpan.parsePositive("--duration", duration);
        return new MonitorSettings(every, watchFor, rate("--disk-ceiling", diskCeiling), rate("--nic-ceiling", nicCeiling));
    }

    private static double rate(String flag, String text) {
        if (text == null) {
            return Double.NaN;
        }
        double bytesPerSecond = DataRate.parse(text);
        if (bytesPerSecond <= 0) {
            throw new UsageException(flag + " must be positive, got " + text);
        }
        return bytesPerSecond;
    }
}
