package io.mqprobe.search;

import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The search for the sustainable load among paced steps, as a team would run it: offered rates at
 * fractions of the ceiling, ascending, until one fails; then halving the gap between the highest rate
 * that passed and the lowest that failed until it is within {@link #PRECISION} of the failing rate (or
 * the step budget is spent). A failing step that looks like noise — only latency over the SLO, by less
 * than {@link RampPolicy#GROSS_SLO_FACTOR}×, or failing where a higher rate passed — is measured once more
 * before it counts; so is the lowest failing rate when the load was carried (acknowledged in full, without errors
 * or gross latency) and only a resource threshold failed, because that one step bounds the whole result: a broker busy with the saturating
 * steps' leftovers (segment rolls, garbage) fails it once, not twice. The rate fails only when every measurement
 * of it failed.
 *
 * <p>Pure: the planner asks {@link #next} what to measure, the judge asks {@link #result} what was found,
 * from the same measured steps, so the two always agree.
 */
public final class SustainableSearch {

    /** The search stops when the failing and passing rates are this close (a share of the failing rate). */
    public static final double PRECISION = 0.05;
    /** A paced step acknowledging less than this share of its offered rate did not sustain it. */
    static final double DELIVERED_SHARE = 0.9;

    /** What to measure next: a rate, and whether it repeats a failing one. */
    public record Measure(double recordsPerSecond, boolean repeat) {
    }

    private record Rate(double offered, List<StepMeasurement> steps, boolean passed) {
    }

    private final Thresholds thresholds;
    private final List<Double> fractions;
    private final double ceilingRecordsPerSecond;
    private final int maxSteps;
    private final int maxRepeats;

    /**
     * @param fractions  ascending fractions of the ceiling tried first
     * @param maxSteps   the most paced steps in all (fractions, narrowing and repeats)
     * @param maxRepeats the most failing steps measured again
     */
    public SustainableSearch(Thresholds thresholds, List<Double> fractions, double ceilingRecordsPerSecond, int maxSteps,
                             int maxRepeats) {
        this.thresholds = thresholds;
        this.fractions = List.copyOf(fractions);
        this.ceilingRecordsPerSecond = ceilingRecordsPerSecond;
        this.maxSteps = maxSteps;
        this.maxRepeats = maxRepeats;
    }

    /** Breaches of a paced step: every threshold, and an offered rate it did not deliver. */
    public List<String> breaches(StepMeasurement step) {
        List<String> found = new ArrayList<>(ThresholdBreaches.of(step, thresholds));
        Double target = step.targetRecordsPerSecond();
        if (target != null && step.records() > 0 && step.recordsPerSecond() < DELIVERED_SHARE * target) {
            found.add("acknowledged " + HumanUnits.msgsPerSecond(step.recordsPerSecond()) + " of " + HumanUnits.msgsPerSecond(target) + " offered");
        }
        return found;
    }

    /** The next paced rate to measure, or empty when the search is done. */
    public Optional<Measure> next(List<StepMeasurement> paced) {
        if (paced.size() >= maxSteps) {
            return Optional.empty();
        }
        Map<Double, Rate> rates = rates(paced);
        Optional<Measure> repeat = noiseToRepeat(paced, rates);
        if (repeat.isPresent()) {
            return repeat;
        }
        Optional<Rate> lowestFail = rates.values().stream().filter(r -> !r.passed()).findFirst();
        if (lowestFail.isEmpty()) {
            return fractions.stream().map(f -> Math.max(1, f * ceilingRecordsPerSecond)).filter(r -> !rates.containsKey(r))
                    .filter(r -> r > highestPassed(rates)).findFirst().map(r -> new Measure(r, false));
        }
        double hi = lowestFail.get().offered();
        double lo = highestPassedBelow(rates, hi);
        if ((hi - lo) / hi <= PRECISION) {
            return Optional.empty();
        }
        double mid = Math.max(1, Math.round((lo + hi) / 2));
        return mid >= hi || rates.containsKey(mid) ? Optional.empty() : Optional.of(new Measure(mid, false));
    }

    /** The highest offered rate that passed, with its best step; empty when none did. */
    public Optional<SustainablePoint> result(List<StepMeasurement> paced) {
        Map<Double, Rate> rates = rates(paced);
        Optional<Rate> lowestFail = rates.values().stream().filter(r -> !r.passed()).findFirst();
        double bound = lowestFail.map(Rate::offered).orElse(Double.MAX_VALUE);
        Optional<Rate> best = rates.values().stream().filter(r -> r.passed() && r.offered() < bound)
                .max(Comparator.comparingDouble(Rate::offered));
        if (best.isEmpty()) {
            return Optional.empty();
        }
        StepMeasurement step = best.get().steps().stream().filter(s -> breaches(s).isEmpty())
                .max(Comparator.comparingDouble(StepMeasurement::recordsPerSecond)).orElseThrow();
        Double within = lowestFail.map(f -> 100 * (f.offered() - best.get().offered()) / f.offered()).orElse(null);
        String limitedBy = lowestFail.map(f -> limitedBy(f) + " (searched to within " + HumanUnits.pct(within) + ")")
                .orElse("no threshold reached up to " + HumanUnits.msgsPerSecond(best.get().offered()) + " offered");
        return Optional.of(SustainablePoint.of(step, limitedBy, within));
    }

    /** Why no rate was sustainable: the breaches of the lowest rate tried. */
    public String noneReason(List<StepMeasurement> paced) {
        return rates(paced).values().stream().findFirst().map(this::limitedBy).orElse("no paced step was measured");
    }

    private String limitedBy(Rate failing) {
        StepMeasurement last = failing.steps().get(failing.steps().size() - 1);
        String repeated = failing.steps().size() > 1 ? " (measured " + failing.steps().size() + " times)" : "";
        return String.join(", ", breaches(last)) + " at step " + last.index() + ", " + HumanUnits.msgsPerSecond(failing.offered())
                + " offered" + repeated;
    }

    private Optional<Measure> noiseToRepeat(List<StepMeasurement> paced, Map<Double, Rate> rates) {
        long repeats = paced.size() - rates.size();
        if (repeats >= maxRepeats) {
            return Optional.empty();
        }
        double highestPassed = highestPassed(rates);
        double lowestFailed = rates.values().stream().filter(r -> !r.passed()).mapToDouble(Rate::offered).min().orElse(0);
        return rates.values().stream()
                .filter(r -> !r.passed() && r.steps().size() == 1)
                .filter(r -> r.offered() < highestPassed || looksLikeNoise(r.steps().get(0))
                        || r.offered() == lowestFailed && carried(r.steps().get(0)))
                .findFirst().map(r -> new Measure(r.offered(), true));
    }

    /**
     * Everything offered was acknowledged without errors and without gross latency: only a resource threshold (or
     * latency within the noise factor) says the rate was too much.
     */
    private boolean carried(StepMeasurement step) {
        Double target = step.targetRecordsPerSecond();
        return step.records() > 0 && step.errorRatio() <= thresholds.maxErrorRatio()
                && step.p99Us() <= RampPolicy.GROSS_SLO_FACTOR * thresholds.sloP99Us()
                && (target == null || step.recordsPerSecond() >= DELIVERED_SHARE * target);
    }

    /** Only latency broke, and not grossly: one GC pause or a neighbour's burst can do that. */
    private boolean looksLikeNoise(StepMeasurement step) {
        List<String> found = breaches(step);
        return found.size() == 1 && step.p99Us() > thresholds.sloP99Us()
                && step.p99Us() <= RampPolicy.GROSS_SLO_FACTOR * thresholds.sloP99Us();
    }

    private Map<Double, Rate> rates(List<StepMeasurement> paced) {
        Map<Double, List<StepMeasurement>> byRate = new TreeMap<>();
        for (StepMeasurement step : paced) {
            if (step.targetRecordsPerSecond() != null) {
                byRate.computeIfAbsent(step.targetRecordsPerSecond(), r -> new ArrayList<>()).add(step);
            }
        }
        Map<Double, Rate> rates = new TreeMap<>();
        byRate.forEach((rate, steps) -> rates.put(rate,
                new Rate(rate, steps, steps.stream().anyMatch(s -> breaches(s).isEmpty()))));
        return rates;
    }

    private static double highestPassed(Map<Double, Rate> rates) {
        return rates.values().stream().filter(Rate::passed).mapToDouble(Rate::offered).max().orElse(0);
    }

    private static double highestPassedBelow(Map<Double, Rate> rates, double bound) {
        return rates.values().stream().filter(r -> r.passed() && r.offered() < bound).mapToDouble(Rate::offered).max().orElse(0);
    }
}
