package io.mqprobe.search;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Turns a scenario's measured steps into its verdict: ceiling, knee, sustainable load and bottleneck.
 *
 * <ul>
 *   <li><b>Ceiling</b>: the step with the most acknowledged records per second (the earlier one on ties).</li>
 *   <li><b>Knee</b>, where adding load stops paying. Step {@code i > 0} pays off when (1) its throughput beats
 *       the best of all earlier steps by at least {@code plateauGainPct} and their 95 % intervals do not overlap
 *       (growth the readings cannot tell from noise is not growth), (2) the next step, if any, also stays
 *       above that bar, and (3) its p99 did not grow at least twice as fast as its throughput while at or above a
 *       quarter of the SLO. Step 0 always pays. The knee is the last step that paid, if at least
 *       {@code plateauSteps} steps follow it, none of them paid, and none is undecided (its interval still reaches a
 *       gain of {@code plateauGainPct} over the best earlier step's: too wide to call flat); otherwise there is no
 *       knee, so a knee is never decided between steps whose intervals cannot tell them apart. Comparing with
 *       the best earlier step means a dip and its recovery are not counted as growth, and rule (2) means one
 *       noisy spike on a flat curve does not become a knee in the middle of the noise. The rule is per step,
 *       so a ramp should add well over {@code plateauGainPct} of load per step (doubling, or +1 client up to
 *       about ten clients).</li>
 *   <li><b>Sustainable</b> ("most suitable maximum load", not the crash point): among the steps before the
 *       first one where any source's CPU, iowait, NIC or disk share, under-replicated partitions, p99 or error
 *       ratio goes over its threshold (window means, not peaks), the one with the highest throughput;
 *       {@code limitedBy} names that first breach with its numbers.</li>
 *   <li><b>Bottleneck</b>: the first saturated resource at the knee (at the ceiling when there is no knee) or, when
 *       none is saturated there yet, at the first later step where one is; the evidence lists that step's figures.</li>
 * </ul>
 */
public final class VerdictFinder {

    /** How a bottleneck's evidence line saying that no step was sustainable starts. */
    public static final String NO_SUSTAINABLE = "no sustainable step: ";

    private VerdictFinder() {
    }

    /**
     * @param steps      measured steps in ramp order (clients increasing; see {@link KneeConfirmation}); may be empty after an early interrupt
     * @param stopReason why the ramp ended (a {@link RampDecision.Stop} reason, or the runner's own, e.g. "interrupted")
     */
    public static ScenarioVerdict find(List<StepMeasurement> steps, Thresholds thresholds, String stopReason) {
        if (steps.isEmpty()) {
            return new ScenarioVerdict(null, null, null,
                    new Bottleneck(Bottleneck.NONE, null, "no step was measured", List.of()), stopReason);
        }
        requireRampOrder(steps);
        int ceiling = ceilingPosition(steps);
        GainJudge judge = new GainJudge(steps, thresholds);
        OptionalInt knee = judge.kneePosition();
        int prefixEnd = firstBreach(steps, thresholds);
        SustainablePoint sustainable = sustainable(steps, prefixEnd, thresholds, stopReason);

        Bottleneck found = BottleneckFinder.find(steps, knee.orElse(ceiling), knee.isPresent() ? "the knee" : "the ceiling",
                thresholds, judge.plateaued());
        if (sustainable == null) {
            List<String> evidence = new ArrayList<>(found.evidence());
            evidence.add(NO_SUSTAINABLE + limitedBy(steps.get(0), thresholds));
            found = new Bottleneck(found.resource(), found.source(), found.summary(), evidence);
        }
        return new ScenarioVerdict(StepPoint.of(steps.get(ceiling)),
                knee.isPresent() ? StepPoint.of(steps.get(knee.getAsInt())) : null, sustainable, found, stopReason);
    }

    private static int ceilingPosition(List<StepMeasurement> steps) {
        int best = 0;
        for (int i = 1; i < steps.size(); i++) {
            if (steps.get(i).recordsPerSecond() > steps.get(best).recordsPerSecond()) {
                best = i;
            }
        }
        return best;
    }

    /** Position of the first step over any threshold, or the number of steps when none was. */
    private static int firstBreach(List<StepMeasurement> steps, Thresholds thresholds) {
        for (int i = 0; i < steps.size(); i++) {
            if (!ThresholdBreaches.of(steps.get(i), thresholds).isEmpty()) {
                return i;
            }
        }
        return steps.size();
    }

    private static SustainablePoint sustainable(List<StepMeasurement> steps, int prefixEnd, Thresholds thresholds, String stopReason) {
        if (prefixEnd == 0) {
            return null;
        }
        StepMeasurement best = steps.get(0);
        for (StepMeasurement step : steps.subList(0, prefixEnd)) {
            if (step.recordsPerSecond() > best.recordsPerSecond()) {
                best = step;
            }
        }
        String limitedBy = prefixEnd < steps.size() ? limitedBy(steps.get(prefixEnd), thresholds)
                : "no threshold reached up to step " + steps.get(steps.size() - 1).index()
                        + (stopReason == null ? "" : " (ramp ended: " + stopReason + ")");
        return SustainablePoint.of(best, limitedBy);
    }

    private static String limitedBy(StepMeasurement breaching, Thresholds thresholds) {
        return String.join(", ", ThresholdBreaches.of(breaching, thresholds)) + " at step " + breaching.index();
    }

    /** More clients than the step before, or as many and measured later (a knee measured again keeps its place). */
    private static void requireRampOrder(List<StepMeasurement> steps) {
        for (int i = 1; i < steps.size(); i++) {
            StepMeasurement before = steps.get(i - 1);
            StepMeasurement step = steps.get(i);
            if (step.clients() < before.clients() || (step.clients() == before.clients() && step.index() <= before.index())) {
                throw new IllegalArgumentException("steps must be in ramp order, got index " + steps.get(i).index()
                        + " after " + steps.get(i - 1).index());
            }
        }
    }
}
