package io.mqprobe.plan;

/**
 * How close one limit is at the planned peak and how far the load can grow before it is reached.
 *
 * @param limit      what runs out ("CPU", "disk write", "NIC", "sustainable load")
 * @param usedPct    its use at the planned peak, in percent of what it can give
 * @param limitPct   the use at which it counts as used up (the run's threshold; 100 for the sustainable load)
 * @param growth     how many times the planned peak can grow before it is reached; null when nothing of it is used
 * @param years      at the planned growth rate, years until then; null without growth
 * @param restsOn    the measurement behind the figure
 */
public record Exhaustion(String limit, double usedPct, double limitPct, Double growth, Double years, String restsOn) {
}
