package io.mqprobe.run;

import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.run.Progress;

import java.util.Locale;
import java.util.function.Consumer;

/** Renders one progress line per second of load: rates, MB/s, p99 and errors. */
public final class LoadProgress implements Consumer<IntervalRow> {

    private final Progress progress;
    private final String prefix;
    private final long startMs = System.currentTimeMillis();

    public LoadProgress(Progress progress, String prefix) {
        this.progress = progress;
        this.prefix = prefix;
    }

    @Override
    public void accept(IntervalRow row) {
        progress.update(line(prefix, (row.epochMs() - startMs) / 1000, row));
    }

    static String line(String prefix, long elapsedSeconds, IntervalRow row) {
        StringBuilder b = new StringBuilder(prefix).append(' ').append(TimeSpan.formatSeconds(elapsedSeconds));
        if (IntervalRow.WARMUP.equals(row.phase())) {
            b.append(" (warm-up)");
        }
        if (row.sentPerSecond() > 0 || row.ackedPerSecond() > 0) {
            b.append(String.format(Locale.ROOT, "  sent %s/s  acked %s/s  %s  p99 %s  errors %d",
                    count(row.sentPerSecond()), count(row.ackedPerSecond()), ByteSize.formatRate(row.bytesPerSecond()),
                    TimeSpan.formatMicros(row.p99Us()), row.errors()));
        }
        if (row.consumedPerSecond() != null) {
            b.append(String.format(Locale.ROOT, "  consumed %s/s  e2e p99 %s", count(row.consumedPerSecond()),
                    TimeSpan.formatMicros(row.e2eP99Us() == null ? 0 : row.e2eP99Us())));
        }
        return b.toString();
    }

    /** {@code 950}, {@code 51.2k}, {@code 1.20M}. */
    static String count(double perSecond) {
        if (perSecond >= 1e6) {
            return String.format(Locale.ROOT, "%.2fM", perSecond / 1e6);
        }
        if (perSecond >= 1e4) {
            return String.format(Locale.ROOT, "%.1fk", perSecond / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f", perSecond);
    }
}
