package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.api.units.TimeSpan;

/** A context field of the document (environment, ceilings, thresholds) printed by the unit its name carries. */
final class ContextField {

    private ContextField() {
    }

    /** TRANSITIONAL, for the Markdown report while it reads the tree: text and unknown names print as given. */
    static String format(String name, JsonNode value) {
        if (value == null || value.isNull()) {
            return HumanUnits.NONE;
        }
        if (!value.isNumber()) {
            return value.isValueNode() ? value.asText() : value.toString();
        }
        return format(name, value.asDouble());
    }

    /** E.g. {@code memoryBytes} or {@code sloP99Ms}; an unknown value (null, NaN) prints as a dash. */
    static String format(String name, Number value) {
        if (value == null || Double.isNaN(value.doubleValue())) {
            return HumanUnits.NONE;
        }
        double v = value.doubleValue();
        if (name.endsWith("BytesPerSecond")) {
            return ByteSize.formatRate(v);
        }
        if (name.endsWith("Bytes")) {
            return ByteSize.format(v);
        }
        if (name.endsWith("Pct")) {
            return HumanUnits.pct(v);
        }
        if (name.endsWith("Ms")) {
            return TimeSpan.formatMicros(v * 1000);
        }
        if (name.endsWith("Us")) {
            return TimeSpan.formatMicros(v);
        }
        return MetricUnit.COUNT.format(v);
    }

    /** Text as written, a dash when absent. */
    static String text(String value) {
        return value == null ? HumanUnits.NONE : value;
    }
}
