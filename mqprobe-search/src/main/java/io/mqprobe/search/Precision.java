package io.mqprobe.search;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.api.stats.Estimate;

/** How a figure's interval is written for people: "± 3.1 % (12 readings)". */
public final class Precision {

    private Precision() {
    }

    /** "±3.1 % (12 readings)", "± ? (3 readings)" when too few for an interval, "" for an exact figure. */
    public static String describe(Estimate estimate) {
        return describe(estimate, "");
    }

    /** Like {@link #describe(Estimate)}, with {@code source} after the readings: "±3.1 % (24 readings of steps 1, 2)". */
    public static String describe(Estimate estimate, String source) {
        String width = halfWidth(estimate);
        return width.isEmpty() ? "" : width + " (" + HumanUnits.counted(estimate.readings(), "reading") + source + ")";
    }

    /** "±3.1 %", "±?" when too few readings for an interval, "" for an exact figure. */
    public static String halfWidth(Estimate estimate) {
        if (estimate == null || (estimate.readings() == 0 && estimate.halfWidth() != null)) {
            return "";
        }
        return estimate.halfWidth() == null ? "±?" : "±" + HumanUnits.pct(estimate.halfWidthPct());
    }
}
