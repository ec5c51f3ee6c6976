package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.TimeSpan;

import java.util.Locale;

/** Formats document values for people ({@code 46.3 MiB/s}, {@code 3.2 ms}); absent values print as a dash. */
final class HumanUnits {

    static final String NONE = "–";

    private HumanUnits() {
    }

    static String rate(Double bytesPerSecond) {
        return bytesPerSecond == null ? NONE : ByteSize.formatRate(bytesPerSecond);
    }

    static String records(Double recordsPerSecond) {
        return recordsPerSecond == null ? NONE : String.format(Locale.ROOT, "%,.0f rec/s", recordsPerSecond);
    }

    static String micros(Double micros) {
        return micros == null ? NONE : TimeSpan.formatMicros(micros);
    }

    static String count(Double n) {
        return n == null ? NONE : String.format(Locale.ROOT, "%,.0f", n);
    }

    static String percent(double pct) {
        return String.format(Locale.ROOT, "%.0f %%", pct);
    }

    /** Milliseconds as a duration: {@code 10s}, {@code 1m05s}. */
    static String durationMs(Double ms) {
        return ms == null ? NONE : TimeSpan.formatSeconds(Math.round(ms / 1000));
    }

    /**
     * A context field (environment, ceilings, thresholds) by the unit its name carries, e.g.
     * {@code memoryBytes} or {@code sloP99Ms}; text and unknown names print as given.
     */
    static String field(String name, JsonNode value) {
        if (value == null || value.isNull()) {
            return NONE;
        }
        if (!value.isNumber()) {
            return value.isValueNode() ? value.asText() : value.toString();
        }
        double v = value.asDouble();
        if (name.endsWith("BytesPerSecond")) {
            return ByteSize.formatRate(v);
        }
        if (name.endsWith("Bytes")) {
            return ByteSize.format(v);
        }
        if (name.endsWith("Pct")) {
            return percent(v);
        }
        if (name.endsWith("Ms")) {
            return TimeSpan.formatMicros(v * 1000);
        }
        if (name.endsWith("Us")) {
            return TimeSpan.formatMicros(v);
        }
        return MetricUnit.COUNT.format(v);
    }
}
