package io.mqprobe.report;

import io.mqprobe.api.units.HumanUnits;

import java.util.Locale;

/**
 * How one limit of a capacity plan reads: what runs out, how much of it the planned peak uses and how far the peak
 * can grow before it is used up. The plan's own text (from its records) and the report's plan section (from
 * {@code plan.json}) both word it here, so the two cannot drift apart.
 */
public final class PlanLimitText {

    private PlanLimitText() {
    }

    /**
     * The full line of the terminal and {@code plan.md}.
     *
     * @param growth how many times the peak can grow before the limit is reached; null when nothing of it is used
     * @param years  at the planned growth rate, years until then; null without growth
     */
    public static String line(String limit, double usedPct, double limitPct, Double growth, Double years, String restsOn) {
        String grows = growth == null ? "not used at all" : canGrow(growth) + " before it is reached";
        String inYears = years == null ? "" : String.format(Locale.ROOT, " (%.1f years at the planned growth)", years);
        return atPeak(limit, usedPct, limitPct) + ": " + grows + inYears + "; " + restsOn;
    }

    /** The HTML report's shorter line: the growth without the years, what it rests on in brackets. */
    public static String brief(String limit, double usedPct, double limitPct, Double growth, String restsOn) {
        return atPeak(limit, usedPct, limitPct) + (growth == null ? "" : ", " + canGrow(growth)) + " (" + restsOn + ")";
    }

    /** "CPU at 47 % at the planned peak (its threshold 75 %)"; a limit used up only at 100 % needs no threshold. */
    private static String atPeak(String limit, double usedPct, double limitPct) {
        String threshold = limitPct < 100 ? " (its threshold " + HumanUnits.pct(limitPct) + ")" : "";
        return limit + " at " + HumanUnits.pct(usedPct) + " at the planned peak" + threshold;
    }

    private static String canGrow(double growth) {
        return String.format(Locale.ROOT, "the peak can grow ×%.1f", growth);
    }
}
