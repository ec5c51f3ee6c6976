package io.mqprobe.search;

import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The knee read from the paced steps when the unthrottled ramp cannot tell one: on two shared cores the ramp's steps
 * scatter by 25-50 % a second, so their intervals overlap and no step stands out. Paced steps run at a known rate, and
 * their latency shows where queueing begins: the knee is the highest offered rate whose p99 stayed within
 * {@link #LATENCY_FACTOR}× the lightest rate's, when a higher rate went beyond it. Each rate counts with its best
 * measurement (a repeated rate was repeated because one measurement may have been noise). Labelled as such.
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
        for (int i = 1; i < byRate.size(); i++) {
            if (byRate.get(i).p99Us() > bound) {
                StepMeasurement knee = byRate.subList(0, i).stream().max(Comparator.comparingDouble(StepMeasurement::recordsPerSecond))
                        .orElseThrow();
                String basis = "from the paced steps' latency (the ramp's intervals could not tell one): p99 within "
                        + HumanUnits.number(LATENCY_FACTOR) + "× the lightest load's " + HumanUnits.latencyUs(byRate.get(0).p99Us())
                        + " up to here, " + HumanUnits.latencyUs(byRate.get(i).p99Us()) + " at "
                        + HumanUnits.msgsPerSecond(byRate.get(i).targetRecordsPerSecond()) + " offered";
                return Optional.of(new StepPoint(knee.index(), knee.recordsPerSecond(), knee.bytesPerSecond(),
                        StepPoint.intervalOf(knee), null, basis));
            }
        }
        return Optional.empty();
    }
}
