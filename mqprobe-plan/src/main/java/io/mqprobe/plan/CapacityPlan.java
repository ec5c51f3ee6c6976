package io.mqprobe.plan;

import java.util.List;

/**
 * A whole plan: what was asked, the plan on every measured size that could carry it, the measurements refused, and
 * the cheapest size.
 *
 * @param cheapest the label of the size with the fewest broker cores (the fewest broker machines when cores are
 *                 unknown), or null when no size could carry a plan
 */
public record CapacityPlan(String schema, BusinessLoad asked, List<SizedPlan> plans, List<String> refused, String cheapest) {

    public static final String SCHEMA = "mqprobe.plan/v1";
}
