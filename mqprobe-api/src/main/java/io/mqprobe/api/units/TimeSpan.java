package io.mqprobe.api.units;

import io.mqprobe.api.UsageException;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses durations users type ({@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, {@code 7d}, {@code 1m30s}) and spans in years
 * ({@code 1.5y}), and prints latencies.
 */
public final class TimeSpan {

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|µs|ms|s|m|h|d)");

    private TimeSpan() {
    }

    /** A bare number means seconds. @throws UsageException when the text is not a duration */
    public static Duration parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.matches("\\d+(\\.\\d+)?")) {
            t = t + "s";
        }
        Matcher m = PART.matcher(t);
        long nanos = 0;
        int end = 0;
        while (m.find() && m.start() == end) {
            double n = Double.parseDouble(m.group(1));
            nanos += (long) (n * switch (m.group(2)) {
                case "us", "µs" -> 1e3;
                case "ms" -> 1e6;
                case "s" -> 1e9;
                case "m" -> 60e9;
                case "h" -> 3600e9;
                default -> 86400e9;
            });
            end = m.end();
        }
        if (end == 0 || end != t.length()) {
            throw new UsageException("bad duration '" + text + "' (examples: 500ms, 30s, 5m, 1m30s)");
        }
        return Duration.ofNanos(nanos);
    }

    /** Parses a duration that must be positive; names the flag in the error. */
    public static Duration parsePositive(String flag, String text) {
        Duration d = parse(text);
        if (d.isZero()) {
            throw new UsageException(flag + " must be positive, got " + text);
        }
        return d;
    }

    /**
     * A span in years, for plans that look ahead ({@code 2}, {@code 1.5y}, {@code 3 years}); names the flag in the error.
     */
    public static double parseYears(String flag, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replaceAll("\\s*(y|yr|yrs|year|years)$", "");
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new UsageException("bad " + flag + " '" + text + "' (years, e.g. 2 or 1.5y)");
        }
    }

    /** Latency in a readable unit: {@code 850 µs}, {@code 3.2 ms}, {@code 12 ms}, {@code 1.25 s}; NaN as {@code n/a}. */
    public static String formatMicros(double micros) {
        if (Double.isNaN(micros)) {
            return "n/a";
        }
        if (micros < 1000) {
            return String.format(Locale.ROOT, "%.0f µs", micros);
        }
        if (micros < 1_000_000) {
            return String.format(Locale.ROOT, micros < 10_000 ? "%.1f ms" : "%.0f ms", micros / 1000);
        }
        return String.format(Locale.ROOT, "%.2f s", micros / 1e6);
    }

    /** Elapsed time as {@code 1m05s} or {@code 42s}. */
    public static String formatSeconds(long seconds) {
        return seconds >= 60 ? String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60) : seconds + "s";
    }
}
