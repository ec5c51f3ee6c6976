package io.mqprobe.api.units;

import io.mqprobe.api.monitor.ResourceUsage;

import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * The one way mqprobe prints numbers for people — verdicts, summaries, progress and reports alike:
 * {@code 48.5 MB/s}, {@code 1.6 GB/s}, {@code 12,000 msgs/s}, {@code 3.2 ms}, {@code 98 %},
 * {@code 1.96/2 cores}. Absent values ({@code null}) print as {@link #NONE}.
 */
public final class HumanUnits {

    /** What an absent value prints as. */
    public static final String NONE = "–";

    private HumanUnits() {
    }

    /** Throughput in decimal units, scaled: "650.0 MB/s", "1.6 GB/s" (one unit family for every rate mqprobe prints). */
    public static String rate(double bytesPerSecond) {
        return ByteSize.formatRate(bytesPerSecond);
    }

    public static String rate(Double bytesPerSecond) {
        return bytesPerSecond == null ? NONE : rate(bytesPerSecond.doubleValue());
    }

    /** Decimal megabytes, never scaled, as the field writes capacity ("48.5 MB/s", "1650.0 MB/s"). */
    public static String mbPerSecond(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.1f MB/s", bytesPerSecond / 1e6);
    }

    /** Storage as it is sold, in decimal units: "850.0 GB", "11.4 TB". */
    public static String storage(double bytes) {
        return ByteSize.formatDecimal(bytes);
    }

    /** "12,000 msgs/s". */
    public static String msgsPerSecond(double recordsPerSecond) {
        return String.format(Locale.ROOT, "%,.0f msgs/s", recordsPerSecond);
    }

    public static String msgsPerSecond(Double recordsPerSecond) {
        return recordsPerSecond == null ? NONE : msgsPerSecond(recordsPerSecond.doubleValue());
    }

    /**
     * {@code value}, which is over {@code limit}, as {@code format} shows it, or with as many decimals (up to 3) as it takes
     * to read over the limit when it rounds to it: "broker-1 CPU 75 % > 75 %" and "p99 100 ms > SLO 100 ms" stood in
     * default probes' answers, where the CPU was 75.3 % and the p99 100.4 ms.
     */
    public static String over(double value, double limit, DoubleFunction<String> format, String unit, double perUnit) {
        String shown = format.apply(value);
        if (!shown.equals(format.apply(limit))) {
            return shown;
        }
        int decimals = 1;
        while (decimals < 3 && Math.round(value / perUnit * Math.pow(10, decimals)) <= limit / perUnit * Math.pow(10, decimals)) {
            decimals++;
        }
        return String.format(Locale.ROOT, "%." + decimals + "f %s", value / perUnit, unit);
    }

    /** {@link #over} for a latency, in the unit {@link #latencyUs} shows it in: "200.4 ms", "500.4 µs", "1.004 s". */
    public static String latencyOver(double micros, double limitMicros) {
        double perUnit = micros < 1000 ? 1 : micros < 1_000_000 ? 1e3 : 1e6;
        return over(micros, limitMicros, HumanUnits::latencyUs, perUnit == 1 ? "µs" : perUnit == 1e3 ? "ms" : "s", perUnit);
    }

    /** "850 µs", "3.2 ms", "12 ms", "1.25 s". */
    public static String latencyUs(double micros) {
        return TimeSpan.formatMicros(micros);
    }

    public static String latencyUs(Double micros) {
        return micros == null ? NONE : latencyUs(micros.doubleValue());
    }

    /** "1 client", "3 clients", "1,234 readings": a count that reads as English. */
    public static String counted(double n, String noun) {
        return counted(n, noun, noun + "s");
    }

    /** "1 study", "2 studies". */
    public static String counted(double n, String singular, String plural) {
        return String.format(Locale.ROOT, "%,.0f ", n) + (n == 1 ? singular : plural);
    }

    /** "1,234". */
    public static String count(Double n) {
        return n == null ? NONE : String.format(Locale.ROOT, "%,.0f", n);
    }

    /** "98 %" at and above 10, "2.5 %" above 1, "0.15 %" below; integral values without decimals ("5 %"). */
    public static String pct(double pct) {
        if (pct == Math.rint(pct) || Math.abs(pct) >= 10) {
            return String.format(Locale.ROOT, "%.0f %%", pct);
        }
        return String.format(Locale.ROOT, Math.abs(pct) >= 1 ? "%.1f %%" : "%.2f %%", pct);
    }

    /** "1.96/2 cores", or "1.96 cores" when the capacity is unknown. */
    public static String cores(ResourceUsage cpu) {
        String used = String.format(Locale.ROOT, "%.2f", cpu.mean());
        return cpu.hasCapacity() ? used + "/" + number(cpu.capacity().getAsDouble()) + " cores" : used + " cores";
    }

    /** Milliseconds as a duration: "10s", "1m05s". */
    public static String durationMs(Double ms) {
        return ms == null ? NONE : TimeSpan.formatSeconds(Math.round(ms / 1000));
    }

    /** "2", "1.5", "0.25": as few decimals as the value needs, at most two. */
    public static String number(double value) {
        if (value == Math.rint(value)) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        String two = String.format(Locale.ROOT, "%.2f", value);
        return two.endsWith("0") ? two.substring(0, two.length() - 1) : two;
    }
}
