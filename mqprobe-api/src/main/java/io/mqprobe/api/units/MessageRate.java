package io.mqprobe.api.units;

import io.mqprobe.api.UsageException;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A load as users state it, in messages per second ({@code 100k/s}, {@code 70000 msgs/s}, {@code 70k tps}, a bare
 * {@code 40000}) or in bytes per second ({@code 50MB/s}, {@code 1Gbit}, as {@link DataRate} reads them): one reading
 * for every option that takes a load (the plan's peak, the soak's rate).
 */
public final class MessageRate {

    private static final Pattern MESSAGES = Pattern.compile(
            "(\\d+(?:\\.\\d+)?)\\s*([km]?)\\s*(?:/s|msgs?/s|msgs?|records?/s|tps)?", Pattern.CASE_INSENSITIVE);

    private MessageRate() {
    }

    /**
     * @param recordSizeBytes turns messages into bytes
     * @param option          the option it came from, for the one-line refusal ("--peak")
     * @return bytes per second
     */
    public static double bytesPerSecond(String text, int recordSizeBytes, String option) {
        String t = text.trim();
        Matcher messages = MESSAGES.matcher(t);
        if (messages.matches()) {
            double n = Double.parseDouble(messages.group(1));
            double factor = switch (messages.group(2).toLowerCase(Locale.ROOT)) {
                case "k" -> 1e3;
                case "m" -> 1e6;
                default -> 1;
            };
            return n * factor * recordSizeBytes;
        }
        try {
            return DataRate.parse(t);
        } catch (UsageException e) {
            throw new UsageException("bad " + option + " '" + text
                    + "' (messages: 100k/s, 70000 msgs/s, 70k tps; bytes: 50MB/s, 1Gbit)");
        }
    }
}
