package io.mqprobe.search;

import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.units.ByteSize;

import java.util.Locale;

/** Prints the numbers of verdicts and summaries the way the evidence lines read: "98 %", "1.96/2 cores", "3.2 ms". */
final class HumanUnits {

    private HumanUnits() {
    }

    /** "98 %" at and above 10, "2.5 %" above 1, "0.15 %" below; integral values without decimals ("5 %"). */
    static String pct(double pct) {
        if (pct == Math.rint(pct) || Math.abs(pct) >= 10) {
            return String.format(Locale.ROOT, "%.0f %%", pct);
        }
        return String.format(Locale.ROOT, Math.abs(pct) >= 1 ? "%.1f %%" : "%.2f %%", pct);
    }

    /** "1.96/2 cores", or "1.96 cores" when the capacity is unknown. */
    static String cores(ResourceUsage cpu) {
        String used = String.format(Locale.ROOT, "%.2f", cpu.mean());
        return cpu.hasCapacity() ? used + "/" + number(cpu.capacity()) + " cores" : used + " cores";
    }

    /** Binary units as everywhere else in mqprobe's tables: "650.0 MiB/s". */
    static String rate(double bytesPerSecond) {
        return ByteSize.formatRate(bytesPerSecond);
    }

    /** Decimal megabytes as the field writes capacity ("48.5 MB/s", MB = 10^6 bytes). */
    static String mbPerSecond(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.1f MB/s", bytesPerSecond / 1e6);
    }

    static String msgsPerSecond(double recordsPerSecond) {
        return String.format(Locale.ROOT, "%,.0f msgs/s", recordsPerSecond);
    }

    /** "850 µs", "3.2 ms", "1.25 s". */
    static String latencyUs(double us) {
        if (Double.isNaN(us)) {
            return "n/a";
        }
        if (us < 1000) {
            return String.format(Locale.ROOT, "%.0f µs", us);
        }
        if (us < 1_000_000) {
            return String.format(Locale.ROOT, us < 10_000 ? "%.1f ms" : "%.0f ms", us / 1000);
        }
        return String.format(Locale.ROOT, "%.2f s", us / 1_000_000);
    }

    /** "2", "1.5", "0.25": as few decimals as the value needs, at most two. */
    static String number(double value) {
        if (value == Math.rint(value)) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        String two = String.format(Locale.ROOT, "%.2f", value);
        return two.endsWith("0") ? two.substring(0, two.length() - 1) : two;
    }
}
