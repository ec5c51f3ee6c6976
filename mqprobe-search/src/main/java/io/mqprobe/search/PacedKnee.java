package io.mqprobe.search;

import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The knee read from the paced steps when the unthrottled ramp cannot tell one: on two shared cores the ramp's steps
 * scatter by 25-50 % a second, so their intervals overlap and no step stands out. Paced steps run at a known rate, and
 * their latency shows where queueing begins: the knee is the highest offered rate whose p99 stayed within
 * {@link #LATENCY_FACTOR}× the lightest rate's, below rates that all went beyond it. Each rate counts with its best
 * measurement (a repeated rate was repeated because one measurement may have been noise), and a rate that went beyond
 * below one that held is taken for a stall, not the knee: one stall inside a step put this knee at a quarter of the
 * ceiling in one run and at half of it in the next. The knee carries the gap to the rate above it, where latency rose:
 * its resolution, within which two runs' knees are the same. Labelled as such.
 */
public final class PacedKnee {

    /** A p99 this many times the lightest paced rate's says the load now queues. */
    static final double LATENCY_FACTOR = 2.0;
    /** Below this p99 a rise is the clock's grain, not queueing. */
    private static final double FLOOR_US = 1_000;

    private PacedKnee() {
    }

    /**
     * @param paced the search's paced steps (not its holds), in any order
     * @return the knee, or empty with fewer than three rates or when no rate's latency rose that far
     */
    public static Optional<StepPoint> find(List<StepMeasurement> paced) {
        Map<Double, StepMeasurement> best = new TreeMap<>();
        for (StepMeasurement step : paced) {
            if (step.targetRecordsPerSecond() != null && Double.isFinite(step.p99Us())) {
                best.merge(step.targetRecordsPerSecond(), step, (a, b) -> a.p99Us() <= b.p99Us() ? a : b);
            }
        }
        List<StepMeasurement> byRate = new ArrayList<>(best.values());
        if (byRate.size() < 3) {
            return Optional.empty();
        }
        double bound = LATENCY_FACTOR * Math.max(FLOOR_US, byRate.get(0).p99Us());
        int above = byRate.size();   // the lowest rate of the top run of rates whose latency went beyond the bound
        while ( byRate.get(above - 1).p99Us() > bound) {
            above--;
        }
        if (above == byRate.size()) {
            return Optional.empty();   // the highest rate held: no knee within the rates (the lightest always holds)
        }
        StepMeasurement held = byRate.get(above - 1);
        StepMeasurement rose = byRate.get(above);
        double roseAt = rose.targetRecordsPerSecond();
        String basis = "from the paced steps' latency (the ramp's intervals could not tell one): p99 within "
                + HumanUnits.number(LATENCY_FACTOR) + "× the lightest load's " + HumanUnits.latencyUs(byRate.get(0).p99Us())
                + " up to here, " + HumanUnits.latencyUs(rose.p99Us()) + " at " + HumanUnits.msgsPerSecond(roseAt) + " offered";
        return Optional.of(new StepPoint(held.index(), held.recordsPerSecond(), held.bytesPerSecond(), StepPoint.intervalOf(held),
                null, basis, 100 * (roseAt - held.targetRecordsPerSecond()) / roseAt));
    }
}
