package io.mqprobe.api.units;

import io.mqprobe.api.UsageException;

/**
 * Parses percentages users type: {@code 30%}, {@code 30 %} and a bare {@code 30} are all thirty percent, never a
 * fraction, so {@code --headroom 0.3} means 0.3 %, not 30 %.
 */
public final class Percent {

    private Percent() {
    }

    /** @return the percentage itself (30 for {@code 30%}) @throws UsageException with the offending text */
    public static double parse(String text) {
        Double pct = number(text);
        if (pct == null) {
            throw new UsageException("bad percentage '" + text + "' (examples: 30%, 30, 2.5 %)");
        }
        return pct;
    }

    /** @return the percentage as a fraction (0.3 for {@code 30%}); names the flag in the error */
    public static double parseFraction(String flag, String text) {
        Double pct = number(text);
        if (pct == null) {
            throw new UsageException("bad " + flag + " '" + text + "' (a percentage, e.g. 30%)");
        }
        return pct / 100;
    }

    private static Double number(String text) {
        try {
            return Double.parseDouble(text.trim().replace("%", "").trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
