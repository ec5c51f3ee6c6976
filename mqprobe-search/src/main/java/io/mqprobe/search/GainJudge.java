package io.mqprobe.search;

import io.mqprobe.api.units.HumanUnits;
import java.util.List;
import java.util.OptionalInt;

/**
 * Judges for every step whether the load it added still paid off, and where the knee is; the one rule (written
 * out on {@link VerdictFinder}) that {@link RampPolicy} applies while ramping and VerdictFinder afterwards.
 */
final class GainJudge {

    /** How many times faster than throughput p99 must grow to count as climbing sharply. */
    static final double LATENCY_CLIMB_FACTOR = 2.0;
    /** Below this share of the SLO a latency jump is sub-millisecond noise, not queueing. */
    static final double LATENCY_FLOOR_OF_SLO = 0.25;

    private final List<StepMeasurement> steps;
    private final Thresholds thresholds;
    private final boolean[] pays;
    private final boolean[] undecided;
    private final boolean[] latencyClimbed;
    /** The step did not pay, and its mean stayed below the gain bar over the best step before it, whatever its interval. */
    private final boolean[] flatByMean;
    private final int lastPaying;

    GainJudge(List<StepMeasurement> steps, Thresholds thresholds) {
        this.steps = List.copyOf(steps);
        this.thresholds = thresholds;
        int n = steps.size();
        pays = new boolean[n];
        undecided = new boolean[n];
        latencyClimbed = new boolean[n];
        flatByMean = new boolean[n];
        double gainFactor = 1 + thresholds.plateauGainPct() / 100;
        StepMeasurement best = null;
        int last = -1;
        for (int i = 0; i < n; i++) {
            StepMeasurement step = steps.get(i);
            double throughput = step.recordsPerSecond();
            if (i == 0) {
                pays[i] = true;
            } else {
                double bar = best.recordsPerSecond() * gainFactor;
                // growth counts only where the intervals tell the two steps apart
                boolean gained = throughput > 0 && throughput >= bar && !step.throughput().overlaps(best.throughput());
                boolean held = i == n - 1 || steps.get(i + 1).recordsPerSecond() >= bar;
                latencyClimbed[i] = latencyClimbed(steps.get(i - 1), step);
                pays[i] = gained && held && !latencyClimbed[i];
                flatByMean[i] = !pays[i] && throughput < bar;
                // no gain proven, but the interval still reaches a gain over the best level: the readings cannot say
                // there was none either (a wide best step must not make every later step look flat)
                undecided[i] = !pays[i] && !latencyClimbed[i] && step.throughput().readings() > 0
                        && step.throughput().high() > bar;
            }
            if (pays[i]) {
                last = i;
            }
            if (best == null || throughput > best.recordsPerSecond()) {
                best = step;
            }
        }
        lastPaying = last;
    }

    boolean pays(int position) {
        return pays[position];
    }

    /** Steps at the end of the ramp that did not pay off. */
    int trailingNonPaying() {
        return steps.size() - 1 - lastPaying;
    }

    /**
     * True when the ramp ends in a confirmed plateau: enough steps after the last paying one, each precise enough to
     * show it did not pay (a knee is never decided between steps whose intervals cannot tell them apart).
     */
    boolean plateaued() {
        return !steps.isEmpty() && trailingNonPaying() >= thresholds.plateauSteps() && undecidedAfterLastPaying() == 0;
    }

    /** Steps after the last paying one whose intervals were too wide to call them flat. */
    int undecidedAfterLastPaying() {
        int count = 0;
        for (int i = lastPaying + 1; i < steps.size(); i++) {
            count += undecided[i] ? 1 : 0;
        }
        return count;
    }

    /**
     * True when the ramp ends in a plateau its intervals are too wide to confirm, and more load cannot make them
     * narrower: more than {@code plateauSteps} steps since the last paying one, the last {@code plateauSteps} of them
     * gaining less than the plateau's gain over the best step even by their means. Per-second readings of an
     * unthrottled step under a 0.4-core quota scatter by 25-50 % here, so every step after the plateau's first one is
     * undecided, and the ramp ran to its sixth step in every scenario of a default probe without ever confirming a knee.
     */
    boolean plateauUnconfirmable() {
        int needed = thresholds.plateauSteps();
        if (plateaued() || trailingNonPaying() <= needed) {
            return false;
        }
        for (int i = steps.size() - needed; i < steps.size(); i++) {
            if (!flatByMean[i]) {
                return false;
            }
        }
        return true;
    }

    /** Position (in the list) of the knee, when the ramp ended in a confirmed plateau. */
    OptionalInt kneePosition() {
        return plateaued() ? OptionalInt.of(lastPaying) : OptionalInt.empty();
    }

    /** One line for the stop reason: "plateau: throughput gain below 5 % for 2 steps after step 3 (50,000 msgs/s)". */
    String plateauReason() {
        boolean latency = false;
        for (int i = lastPaying + 1; i < steps.size(); i++) {
            latency |= latencyClimbed[i];
        }
        StepMeasurement knee = steps.get(lastPaying);
        String precision = knee.precision();
        return "plateau: throughput gain below " + HumanUnits.pct(thresholds.plateauGainPct())
                + (latency ? " or p99 climbing sharply" : "")
                + " for " + trailingNonPaying() + " steps after step " + knee.index()
                + " (" + HumanUnits.msgsPerSecond(knee.recordsPerSecond()) + (precision.isEmpty() ? "" : " " + precision) + ")";
    }

    private boolean latencyClimbed(StepMeasurement before, StepMeasurement after) {
        double p99Before = before.p99Us();
        double p99After = after.p99Us();
        if (!(p99Before > 0) || !(p99After >= LATENCY_FLOOR_OF_SLO * thresholds.sloP99Us())
                || !(before.recordsPerSecond() > 0)) {
            return false;
        }
        double latencyGrowth = p99After / p99Before;
        double throughputGrowth = after.recordsPerSecond() / before.recordsPerSecond();
        return latencyGrowth >= LATENCY_CLIMB_FACTOR * throughputGrowth;
    }
}
