package io.mqprobe.omb;

import io.mqprobe.api.UsageException;

import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills {@code ${NAME}} and {@code ${NAME:-default}} from the environment before a file is parsed, as OMB
 * does, so one workload file serves several runs. Unlike OMB, a placeholder with no value and no default
 * is an error: an empty bootstrap address or partition count must not slip into a run.
 */
final class EnvPlaceholders {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_.]*)(?::-([^}]*))?}");

    private EnvPlaceholders() {
    }

    /** @param env the variable's value, or {@code null} when it is not set */
    static String fill(String text, UnaryOperator<String> env, String origin) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder filled = new StringBuilder(text.length());
        while (m.find()) {
            String name = m.group(1);
            String value = env.apply(name);
            if (value == null) {
                value = m.group(2);
            }
            if (value == null) {
                throw new UsageException(origin + ": ${" + name + "} is not set and has no default (write ${" + name + ":-VALUE})");
            }
            m.appendReplacement(filled, Matcher.quoteReplacement(value));
        }
        m.appendTail(filled);
        return filled.toString();
    }
}
