package io.mqprobe.api.units;

import io.mqprobe.api.UsageException;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses link and disk speeds into bytes per second: {@code 10Gbit}, {@code 10Gbps}, {@code 1.2GB/s},
 * {@code 800MiB/s}. Bits use decimal prefixes as NIC vendors and iperf3 do; bytes follow {@link ByteSize}.
 */
public final class DataRate {

    private static final Pattern BITS = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(bit|bps|bit/s)", Pattern.CASE_INSENSITIVE);

    private DataRate() {
    }

    /** @return bytes per second */
    public static double parse(String text) {
        String t = text.trim();
        Matcher bits = BITS.matcher(t);
        if (bits.matches()) {
            double n = Double.parseDouble(bits.group(1));
            int power = " kmgt".indexOf(bits.group(2).isEmpty() ? ' ' : bits.group(2).toLowerCase(Locale.ROOT).charAt(0));
            return n * Math.pow(1000, power) / 8;
        }
        String bytes = t.toLowerCase(Locale.ROOT).endsWith("/s") ? t.substring(0, t.length() - 2) : t;
        try {
            return ByteSize.parse(bytes);
        } catch (UsageException e) {
            throw new UsageException("bad rate '" + text + "' (examples: 10Gbit, 1.2GB/s, 800MiB/s)");
        }
    }

    /** Network style: {@code 9.41 Gbit/s}. */
    public static String formatBits(double bytesPerSecond) {
        double bits = bytesPerSecond * 8;
        String[] units = {"bit/s", "Kbit/s", "Mbit/s", "Gbit/s", "Tbit/s"};
        int i = 0;
        while (bits >= 1000 && i < units.length - 1) {
            bits /= 1000;
            i++;
        }
        return String.format(Locale.ROOT, "%.2f %s", bits, units[i]);
    }
}
