package io.mqprobe.report;

import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.TimeSpan;

import java.util.Locale;

/**
 * The unit of a metric, read from the suffix of its name (see {@code Metric}), so metrics added later
 * still print in human units. The lower-case {@link #id()} is what the page script formats axis ticks by.
 */
public enum MetricUnit {
    BYTES_PER_SECOND, BYTES, CORES, PERCENT, MILLIS, MICROS, PER_SECOND, COUNT;

    public static MetricUnit of(String metric) {
        String m = metric.toLowerCase(Locale.ROOT);
        if (m.endsWith("bytes_per_s")) {
            return BYTES_PER_SECOND;
        }
        if (m.endsWith(".bytes") || m.endsWith("_bytes")) {
            return BYTES;
        }
        if (m.endsWith(".cores")) {
            return CORES;
        }
        if (m.endsWith(".pct") || m.endsWith("_pct")) {
            return PERCENT;
        }
        if (m.endsWith("_ms") || m.endsWith(".ms_per_s")) {
            return MILLIS;
        }
        if (m.endsWith("_us")) {
            return MICROS;
        }
        if (m.endsWith("per_s")) {
            return PER_SECOND;
        }
        return COUNT;
    }

    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String format(double value) {
        return switch (this) {
            case BYTES_PER_SECOND -> ByteSize.formatRate(value);
            case BYTES -> ByteSize.format(value);
            case CORES -> String.format(Locale.ROOT, "%.2f cores", value);
            case PERCENT -> String.format(Locale.ROOT, "%.0f %%", value);
            case MILLIS -> TimeSpan.formatMicros(value * 1000);
            case MICROS -> TimeSpan.formatMicros(value);
            case PER_SECOND -> String.format(Locale.ROOT, "%,.1f/s", value);
            case COUNT -> value == Math.rint(value) && Math.abs(value) < 1e15
                    ? String.format(Locale.ROOT, "%,.0f", value)
                    : String.format(Locale.ROOT, "%,.3g", value);
        };
    }
}
