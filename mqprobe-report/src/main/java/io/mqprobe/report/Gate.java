package io.mqprobe.report;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.DataRate;
import io.mqprobe.api.units.TimeSpan;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail condition on a result for a pipeline, in the spirit of k6 thresholds: {@code --fail-if 'EXPR'} breaks
 * the run (exit 1) when EXPR holds. {@code FIGURE[SCENARIO] OP VALUE}: {@code sustainable < 40MB/s},
 * {@code p99 > 200ms}, {@code lost > 0}, {@code ceiling[replicated-all] < 100MB/s}; against the first run of a
 * {@code compare}, {@code ceiling drop > 10%} or {@code p99 rise > 20%}. Without a scenario the gate holds for each
 * scenario that has the figure.
 *
 * @param scenario   the scenario named in brackets, or {@code null} for every one
 * @param change     {@code drop} or {@code rise} against a baseline, or {@code null} for the figure itself
 * @param threshold  bytes/s for rates, µs for latency, a count, or a percentage for relative gates
 */
public record Gate(String text, Figure figure, String scenario, String change, String operator, double threshold) {

    /** What a gate can be about, and the unit its value is written in. */
    public enum Figure {
        CEILING, KNEE, SUSTAINABLE, THROUGHPUT, P99, ERRORS, LOST, DUPLICATES;

        boolean rate() {
            return this == CEILING || this == KNEE || this == SUSTAINABLE || this == THROUGHPUT;
        }
    }

    private static final Pattern SHAPE = Pattern.compile(
            "\\s*([a-z0-9]+)(?:\\[([\\w.-]+)])?\\s+(?:(drop|rise)\\s+)?(<=|>=|<|>|==)\\s*(\\S+)\\s*");

    /** @throws UsageException naming what is wrong with the expression, in one line */
    public static Gate parse(String text) {
        Matcher m = SHAPE.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UsageException("bad --fail-if '" + text + "' (FIGURE[SCENARIO] [drop|rise] OP VALUE, e.g. "
                    + "'sustainable < 40MB/s', 'p99 > 200ms', 'lost > 0', 'ceiling drop > 10%')");
        }
        Figure figure;
        try {
            figure = Figure.valueOf(m.group(1).toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("bad --fail-if '" + text + "': no figure '" + m.group(1)
                    + "' (ceiling, knee, sustainable, throughput, p99, errors, lost, duplicates)");
        }
        String relative = m.group(3);
        String value = m.group(5);
        return new Gate(text.trim(), figure, m.group(2), relative, m.group(4), threshold(text, figure, relative, value));
    }

    private static double threshold(String text, Figure figure, String relative, String value) {
        try {
            if (relative != null) {
                if (!value.endsWith("%")) {
                    throw new UsageException("bad --fail-if '" + text + "': a " + relative + " is a percentage, e.g. 10%");
                }
                return Double.parseDouble(value.substring(0, value.length() - 1));
            }
            if (figure.rate()) {
                return DataRate.parse(value);
            }
            if (figure == Figure.P99) {
                return TimeSpan.parse(value).toNanos() / 1000.0;
            }
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new UsageException("bad --fail-if '" + text + "': '" + value + "' is not a number");
        } catch (UsageException e) {
            throw e.getMessage().startsWith("bad --fail-if") ? e
                    : new UsageException("bad --fail-if '" + text + "': " + e.getMessage());
        }
    }

    /** Whether the condition holds for {@code value} (then the gate is broken). */
    public boolean holds(double value) {
        return switch (operator) {
            case "<" -> value < threshold;
            case "<=" -> value <= threshold;
            case ">" -> value > threshold;
            case ">=" -> value >= threshold;
            default -> value == threshold;
        };
    }

    /** Whether this gate compares a run with a baseline ({@code drop}, {@code rise}). */
    public boolean againstBaseline() {
        return change != null;
    }
}
