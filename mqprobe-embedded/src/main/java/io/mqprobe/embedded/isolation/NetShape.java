package io.mqprobe.embedded.isolation;

import io.mqprobe.api.UsageException;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The link of one broker: a rate in bits per second (tc tbf) and an optional one-way delay (netem), or
 * {@link #UNSHAPED}: a link of its own that mqprobe does not shape (the brokers, and load workers beside them, still
 * separate hosts on the wire).
 *
 * @param rateBitsPerSecond at least 1 Mbit/s; 0 only for {@link #UNSHAPED}
 * @param delayMs           0 for none
 */
public record NetShape(long rateBitsPerSecond, long delayMs) {

    /** A link of its own, without a rate or a delay. */
    public static final NetShape UNSHAPED = new NetShape(0, 0);

    private static final Pattern RATE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(kbit|mbit|gbit)");
    private static final Pattern DELAY = Pattern.compile("([0-9]+)ms");

    public NetShape {
        boolean unshaped = rateBitsPerSecond == 0 && delayMs == 0;
        if (!unshaped && (rateBitsPerSecond < 1_000_000 || delayMs < 0)) {
            throw new UsageException("--broker-net needs a rate of at least 1mbit and a delay that is not negative");
        }
    }

    /** {@code 200mbit}, {@code 1gbit,5ms} (tc's units: bits), or {@code unshaped}. */
    public static NetShape parse(String text) {
        if (text.trim().equalsIgnoreCase("unshaped")) {
            return UNSHAPED;
        }
        String[] parts = text.trim().toLowerCase(Locale.ROOT).split(",", 2);
        Matcher rate = RATE.matcher(parts[0]);
        Matcher delay = parts.length > 1 ? DELAY.matcher(parts[1]) : null;
        if (!rate.matches() || (delay != null && !delay.matches())) {
            throw new UsageException("bad --broker-net '" + text + "' (form RATE[,DELAY], e.g. 200mbit or 1gbit,5ms, or unshaped)");
        }
        double unit = switch (rate.group(2)) {
            case "kbit" -> 1e3;
            case "mbit" -> 1e6;
            default -> 1e9;
        };
        long bits = (long) (Double.parseDouble(rate.group(1)) * unit);
        if (bits < 1_000_000) {
            // 0 would read as UNSHAPED: a rate typed is a rate wanted
            throw new UsageException("--broker-net needs a rate of at least 1mbit, got '" + text + "'");
        }
        return new NetShape(bits, delay == null ? 0 : Long.parseLong(delay.group(1)));
    }

    /** False for {@link #UNSHAPED}: nothing to set with tc. */
    public boolean shaped() {
        return rateBitsPerSecond > 0;
    }

    /** tc's form of the rate. */
    String tcRate() {
        return (rateBitsPerSecond / 1000) + "kbit";
    }

    @Override
    public String toString() {
        if (!shaped()) {
            return "unshaped";
        }
        String rate = rateBitsPerSecond % 1_000_000_000 == 0 ? rateBitsPerSecond / 1_000_000_000 + "gbit" : rateBitsPerSecond / 1_000_000 + "mbit";
        return delayMs > 0 ? rate + "," + delayMs + "ms" : rate;
    }
}
