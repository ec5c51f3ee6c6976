package io.mqprobe.api.units;

import io.mqprobe.api.UsageException;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints byte quantities. Accepts {@code 512}, {@code 64k}, {@code 64KiB}, {@code 1m},
 * {@code 1.5GB}: k/m/g/t with or without "iB" are binary (1024), "KB/MB/GB/TB" are decimal (1000),
 * as fio and Kafka users write them.
 */
public final class ByteSize {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(i?b?)", Pattern.CASE_INSENSITIVE);

    private ByteSize() {
    }

    /** @throws UsageException with the offending text when it is not a size */
    public static long parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new UsageException("bad size '" + text + "' (examples: 1024, 64KiB, 1m, 1.5GB)");
        }
        double number = Double.parseDouble(m.group(1));
        String prefix = m.group(2).toLowerCase(Locale.ROOT);
        String suffix = m.group(3).toLowerCase(Locale.ROOT);
        if (suffix.equals("i")) {
            throw new UsageException("bad size '" + text + "' (write KiB, not Ki)");
        }
        boolean decimal = suffix.equals("b") && !prefix.isEmpty();
        long base = decimal ? 1000 : 1024;
        int power = " kmgt".indexOf(prefix.isEmpty() ? ' ' : prefix.charAt(0));
        double bytes = number * Math.pow(base, power);
        if (bytes > Long.MAX_VALUE) {
            throw new UsageException("size '" + text + "' is too large");
        }
        return Math.round(bytes);
    }

    /** Parses a size that must lie in {@code [min, max]}; names the flag in the error. */
    public static long parseInRange(String flag, String text, long min, long max) {
        long value = parse(text);
        if (value < min || value > max) {
            throw new UsageException(flag + " must be between " + format(min) + " and " + format(max) + ", got " + text);
        }
        return value;
    }

    /** Binary units with one decimal: {@code 48.5 MiB}. */
    public static String format(double bytes) {
        return scaled(bytes, 1024, "B", "KiB", "MiB", "GiB", "TiB");
    }

    /**
     * Throughput in decimal units, as the field writes it and as {@code --fail-if 'sustainable < 40MB/s'} reads it:
     * {@code 48.5 MB/s}, {@code 1.6 GB/s} (MB = 10^6 bytes). Sizes of memory and files stay binary ({@link #format}).
     */
    public static String formatRate(double bytesPerSecond) {
        return formatDecimal(bytesPerSecond) + "/s";
    }

    /** Decimal units with one decimal, as storage is sold and throughput is written: {@code 850.0 GB}, {@code 512 B}. */
    public static String formatDecimal(double bytes) {
        return scaled(bytes, 1000, "B", "kB", "MB", "GB", "TB", "PB");
    }

    private static String scaled(double bytes, int base, String... units) {
        int i = 0;
        double v = bytes;
        while (Math.abs(v) >= base && i < units.length - 1) {
            v /= base;
            i++;
        }
        return i == 0 ? String.format(Locale.ROOT, "%.0f %s", v, units[i]) : String.format(Locale.ROOT, "%.1f %s", v, units[i]);
    }
}
