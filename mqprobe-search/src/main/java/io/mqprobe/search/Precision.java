package io.mqprobe.search;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.stats.Estimate;

/** How a figure's interval is written for people: "± 3.1 % (12 readings)". */
public final class Precision {

    private Precision() {
    }

    /** "±3.1 % (12 readings)", "± ? (3 readings)" when too few for an interval, "" for an exact figure. */
    public static String describe(Estimate estimate) {
        if (estimate == null || (estimate.readings() == 0 && estimate.halfWidth() != null)) {
            return "";
        }
        String width = estimate.halfWidth() == null ? "±?" : "±" + HumanUnits.pct(estimate.halfWidthPct());
        return width + " (" + estimate.readings() + (estimate.readings() == 1 ? " reading)" : " readings)");
    }
}
