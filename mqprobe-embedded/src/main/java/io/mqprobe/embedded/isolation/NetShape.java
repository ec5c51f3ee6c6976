package io.mqprobe.embedded.isolation;

import io.mqprobe.api.UsageException;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The link of one broker: a rate in bits per second (tc tbf) and an optional one-way delay (netem).
 *
 * @param rateBitsPerSecond at least 1 Mbit/s
 * @param delayMs           0 for none
 */
public record NetShape(long rateBitsPerSecond, long delayMs) {

    private static final Pattern RATE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(kbit|mbit|gbit)");
    private static final Pattern DELAY = Pattern.compile("([0-9]+)ms");

    public NetShape {
        if (rateBitsPerSecond < 1_000_000 || delayMs < 0) {
            throw new UsageException("--broker-net needs a rate of at least 1mbit and a delay that is not negative");
        }
    }

    /** {@code 200mbit}, {@code 1gbit,5ms} (tc's units: bits). */
    public static NetShape parse(String text) {
        String[] parts = text.trim().toLowerCase(Locale.ROOT).split(",", 2);
        Matcher rate = RATE.matcher(parts[0]);
        Matcher delay = parts.length > 1 ? DELAY.matcher(parts[1]) : null;
        if (!rate.matches() || (delay != null && !delay.matches())) {
            throw new UsageException("bad --broker-net '" + text + "' (form RATE[,DELAY], e.g. 200mbit or 1gbit,5ms)");
        }
        double unit = switch (rate.group(2)) {
            case "kbit" -> 1e3;
            case "mbit" -> 1e6;
            default -> 1e9;
        };
        return new NetShape((long) (Double.parseDouble(rate.group(1)) * unit), delay == null ? 0 : Long.parseLong(delay.group(1)));
    }

    /** tc's form of the rate. */
    String tcRate() {
        return (rateBitsPerSecond / 1000) + "kbit";
    }

    @Override
    public String toString() {
        String rate = rateBitsPerSecond % 1_000_000_000 == 0 ? rateBitsPerSecond / 1_000_000_000 + "gbit" : rateBitsPerSecond / 1_000_000 + "mbit";
        return delayMs > 0 ? rate + "," + delayMs + "ms" : rate;
    }
}
