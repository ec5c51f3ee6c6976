package io.mqprobe.search;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.HumanUnits;

import java.util.List;

/**
 * Decides after each measured step whether the ramp adds load again. It stops, checking in this order, when
 * the last step acknowledged nothing; when its error ratio is above {@code maxErrorRatio} (failed sends are
 * never noise); when p99 broke the SLO in the last two steps, or by more than twice in the last one (one
 * GC pause must not end a probe, a collapse should); when throughput has plateaued by the knee rule of
 * {@link VerdictFinder} (a single dip is only confirmed by the next step); when the readings are too wide to confirm
 * that plateau but the last steps' means gained less than the plateau's gain over the best one (more load would not
 * narrow them); or when {@code maxSteps} are done.
 */
public final class RampPolicy {

    /** A p99 this many times over the SLO stops the ramp without waiting for confirmation. */
    static final double GROSS_SLO_FACTOR = 2.0;

    private RampPolicy() {
    }

    /**
     * @param soFar    the steps measured so far, in ramp order
     * @param maxSteps the most steps the ramp may measure, at least 1
     * @throws UsageException when {@code maxSteps} is below 1
     */
    public static RampDecision next(List<StepMeasurement> soFar, Thresholds thresholds, int maxSteps) {
        if (maxSteps < 1) {
            throw new UsageException("max steps must be at least 1, got " + maxSteps);
        }
        if (soFar.isEmpty()) {
            return new RampDecision.Continue();
        }
        StepMeasurement last = soFar.get(soFar.size() - 1);
        if (last.records() == 0) {
            return new RampDecision.Stop("no records acknowledged at step " + last.index()
                    + (last.errors() > 0 ? " (" + last.errors() + " sends failed)" : ""));
        }
        if (last.errorRatio() > thresholds.maxErrorRatio()) {
            return new RampDecision.Stop("errors: " + HumanUnits.pct(100 * last.errorRatio()) + " of sends failed at step "
                    + last.index() + " (limit " + HumanUnits.pct(100 * thresholds.maxErrorRatio()) + ")");
        }
        String sloBreak = sloBreak(soFar, thresholds);
        if (sloBreak != null) {
            return new RampDecision.Stop(sloBreak);
        }
        GainJudge judge = new GainJudge(soFar, thresholds);
        if (judge.plateaued()) {
            return new RampDecision.Stop(judge.plateauReason());
        }
        if (judge.plateauUnconfirmable()) {
            return new RampDecision.Stop("flat by the means: the last " + thresholds.plateauSteps() + " steps' means gained less than "
                    + HumanUnits.pct(thresholds.plateauGainPct()) + " over the best one, "
                    + growth(judge, soFar.size(), thresholds));
        }
        if (soFar.size() >= maxSteps) {
            return new RampDecision.Stop("max steps: " + soFar.size() + " steps measured, " + growth(judge, soFar.size(), thresholds));
        }
        return new RampDecision.Continue();
    }

    /** "still growing" only when the last step paid off: a ramp ending on steps that did not grow says so. */
    private static String growth(GainJudge judge, int steps, Thresholds thresholds) {
        int undecided = judge.undecidedAfterLastPaying();
        if (undecided > 0) {
            return "no knee decided: " + (undecided == 1 ? "the last step's interval was" : "the last " + undecided + " steps' intervals were")
                    + " too wide to tell a gain from a plateau";
        }
        if (judge.pays(steps - 1)) {
            return "throughput still growing";
        }
        int flat = judge.trailingNonPaying();
        return "throughput did not grow over the last " + (flat == 1 ? "step" : HumanUnits.counted(flat, "step")) + ", too few to confirm a knee ("
                + thresholds.plateauSteps() + " needed)";
    }

    private static String sloBreak(List<StepMeasurement> soFar, Thresholds thresholds) {
        double sloUs = thresholds.sloP99Us();
        StepMeasurement last = soFar.get(soFar.size() - 1);
        String slo = HumanUnits.latencyUs(sloUs) + " SLO";
        if (last.p99Us() > GROSS_SLO_FACTOR * sloUs) {
            return "latency: p99 " + HumanUnits.latencyUs(last.p99Us()) + " is more than twice the " + slo
                    + " at step " + last.index();
        }
        if (soFar.size() >= 2) {
            StepMeasurement before = soFar.get(soFar.size() - 2);
            if (before.p99Us() > sloUs && last.p99Us() > sloUs) {
                return "latency: p99 " + HumanUnits.latencyUs(before.p99Us()) + " and " + HumanUnits.latencyUs(last.p99Us())
                        + " over the " + slo + " at steps " + before.index() + " and " + last.index();
            }
        }
        return null;
    }
}
