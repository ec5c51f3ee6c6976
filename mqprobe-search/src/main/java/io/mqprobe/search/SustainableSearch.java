package io.mqprobe.search;

import io.mqprobe.api.stats.Estimate;
import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The search for the sustainable load among paced steps, as a team would run it: offered rates at
 * fractions of the ceiling, ascending, until one fails; then narrowing the gap between the highest rate
 * that passed and the lowest that failed (the ceiling, when none failed) until it is within {@link #PRECISION} of the
 * failing rate (or the step budget is spent, and then a gap wider than {@link #WIDE_GAP} still gets up to
 * {@link #EXTRA_STEPS} more): at the rate where the utilisations' lines reach their thresholds when that lies
 * between them, else halfway; every other narrowing step halves the gap whatever the lines say, because a line bent by
 * readings that rise faster than it (a broker's cost per record grows near its limit) keeps aiming next to one end, and
 * each such step narrows the gap by only a sliver (a probe here spent its budget at 215k, 215k and 202k msgs/s above a pass
 * at 143k).
 *
 * <p>A rate is judged on {@link PooledReadings}: each utilisation (broker CPU, iowait, NIC and disk shares) is read
 * off the line through its readings at every paced step measured so far, so one disturbed step does not decide the
 * answer alone. Latency, errors, a rate not delivered and under-replication that grew stay each step's own, and a
 * rate fails on them only when every step of it failed.
 * A failing step that may be noise — only latency over the SLO, by less than {@link RampPolicy#GROSS_SLO_FACTOR}×,
 * or failing where a higher rate passed, or, before any rate passed, the lowest failing rate when the load was carried
 * (acknowledged in full, without errors or gross latency) and only a resource threshold failed — is measured once more,
 * which adds a reading where it matters most. Once a rate passed, the line through every step already weighs one
 * disturbed utilisation reading against the others, and the budget goes to narrowing instead.
 *
 * <p>A rate that failed on latency or errors with no resource over its threshold says what held requests there, or
 * that nothing measured explains it ({@link LimitCause}).
 *
 * <p>Pure: the planner asks {@link #next} what to measure, the judge asks {@link #result} what was found,
 * from the same measured steps, so the two always agree.
 */
public final class SustainableSearch {

    /** The search stops when the failing and passing rates are this close (a share of the failing rate). */
    public static final double PRECISION = 0.05;
    /**
     * With the step budget spent and the gap still wider than this (a share of the failing rate), the search narrows on
     * for up to {@link #EXTRA_STEPS} more steps: a rate that passed can fail later, when the line through more readings
     * lifts its utilisation over the threshold, and then the gap reopens wide with the budget nearly gone (a probe here
     * ended searched to within 14 % that way, where its other runs ended within 4 %). Not when no rate passed: the
     * budget already says there is no sustainable load worth narrowing to.
     */
    static final double WIDE_GAP = 2 * PRECISION;
    /** The most narrowing steps past the budget while the gap is wider than {@link #WIDE_GAP}. */
    public static final int EXTRA_STEPS = 2;
    /** The next rate aimed at a fitted crossing stays at least this share of the gap away from the rates around it. */
    static final double CROSSING_MARGIN = 0.15;
    /** A paced step acknowledging less than this share of its offered rate did not sustain it. */
    static final double DELIVERED_SHARE = 0.9;

    /**
     * The most searched rates held per scenario: the answer, and once more the next answer when the first did not hold.
     * A hold that failed only on latency from a stall ({@link #stall}: most of its seconds within the SLO) is measured
     * once more besides, within {@link #MAX_HOLD_REPEATS}, and one hold in the gap a search left open ({@link #gapHold})
     * comes before them, or after them when both failed.
     */
    public static final int MAX_HOLDS = 2;
    /**
     * The most holds measured again per scenario. A hold is judged on its own latency, so one stall in it bounded the
     * answer unrepeated: in a default probe here (2026-12-02 21:10, run 2, replicated-all) the hold at 52,527 msgs/s failed
     * on p99 591 ms while its seconds' median stood at 29 ms, and the answer fell to the next rate below.
     */
    public static final int MAX_HOLD_REPEATS = 1;
    /**
     * A hold runs this share below the answer it confirms. The search ends within {@link #PRECISION} of the failing
     * rate, so its answer sits at the limit, where a longer step fails on noise alone about every other time: in a
     * default probe here (2026-11-30 15:27) three of four first holds failed, by a hair over a threshold (broker CPU
     * 76 % > 75 %, p99 229 ms > 200 ms); each cost a second hold, and replicated-all's answer fell 17 %, to a fraction's
     * rate searched long before. One precision step lower, a hold confirms a load production can run.
     */
    public static final double HOLD_MARGIN = PRECISION;

    /** What to measure next: a rate, whether it repeats a failing one, and whether it holds the search's answer. */
    public record Measure(double recordsPerSecond, boolean repeat, boolean hold) {

        public Measure(double recordsPerSecond, boolean repeat) {
            this(recordsPerSecond, repeat, false);
        }
    }

    /**
     * One offered rate: its steps as measured, the same steps with pooled readings, whether it passed, and its hold
     * (null when not held), which ran {@link #HOLD_MARGIN} below it. A rate whose holds all failed did not pass, whatever
     * its short steps said, and bounds the answer at the hold's rate ({@code failedHold}: the last of them).
     * {@code flatLines}: the lines over their thresholds there that barely followed the rate ({@link PooledReadings#flatOver}).
     * A rate held in a gap ({@link #gapHold}) has no short steps: it was only held, at its own rate, and passed as its hold did.
     */
    private record Rate(double offered, List<StepMeasurement> steps, List<StepMeasurement> pooled, boolean passed,
                        StepMeasurement hold, StepMeasurement failedHold, List<String> flatLines) {

        static Rate heldInGap(double offered, StepMeasurement hold, StepMeasurement failedHold) {
            return new Rate(offered, List.of(), List.of(), hold != null, hold, failedHold, List.of());
        }

        boolean inGap() {
            return steps.isEmpty();
        }

        /** The rate its holds run at: {@link #HOLD_MARGIN} below a searched rate, a gap's own rate. */
        double holdTarget() {
            return inGap() ? offered : holdRate(offered);
        }

        /** The lowest rate this one says fails: its failed hold's, else its own when it failed. */
        double failsAt() {
            return failedHold != null ? failedHold.targetRecordsPerSecond() : offered;
        }
    }

    /** The rate a hold of {@code answer} runs at: {@link #HOLD_MARGIN} below it, whole, so it reads back from a file alike. */
    static double holdRate(double answer) {
        return Math.max(1, Math.round(answer * (1 - HOLD_MARGIN)));
    }

    private final Thresholds thresholds;
    /** The first rates tried: the fractions of the ceiling, ascending. */
    private final List<Double> fractionRates;
    private final double ceilingRecordsPerSecond;
    private final int maxSteps;
    private final int maxRepeats;
    /** Caps inferred from the ramp ({@link CapInference}), which can explain a failure no resource threshold shows. */
    private final List<CapInference.InferredCap> inferredCaps;
    /** How closely the search still narrows, as the probe's time budget allows ({@link #narrowing(Narrowing)}). */
    private final Narrowing narrowing;

    /**
     * @param fractions  ascending fractions of the ceiling tried first
     * @param maxSteps   the most paced steps in all (fractions, narrowing and repeats)
     * @param maxRepeats the most failing steps measured again
     */
    public SustainableSearch(Thresholds thresholds, List<Double> fractions, double ceilingRecordsPerSecond, int maxSteps,
                             int maxRepeats) {
        this(thresholds, fractions, ceilingRecordsPerSecond, maxSteps, maxRepeats, List.of());
    }

    /**
     * A search that also knows the unthrottled ramp before it, so that a cap inferred there (a broker CPU that held one
     * level while the load rose) can explain a paced failure no threshold shows.
     *
     * @param ramp the ramp's unthrottled steps as judged (per client count its latest, {@link KneeConfirmation#latestPerClients}),
     *             in ramp order; judged without latency, as unthrottled steps are
     */
    public SustainableSearch(Thresholds thresholds, List<Double> fractions, double ceilingRecordsPerSecond, int maxSteps,
                             int maxRepeats, List<StepMeasurement> ramp) {
        this(thresholds, fractions.stream().map(f -> Math.max(1, f * ceilingRecordsPerSecond)).toList(), ceilingRecordsPerSecond,
                maxSteps, maxRepeats, VerdictFinder.inferredCaps(ramp, thresholds.withoutLatencyJudgement()), Narrowing.FULL);
    }

    private SustainableSearch(Thresholds thresholds, List<Double> fractionRates, double ceilingRecordsPerSecond, int maxSteps,
                              int maxRepeats, List<CapInference.InferredCap> inferredCaps, Narrowing narrowing) {
        this.thresholds = thresholds;
        this.fractionRates = fractionRates;
        this.ceilingRecordsPerSecond = ceilingRecordsPerSecond;
        this.maxSteps = maxSteps;
        this.maxRepeats = maxRepeats;
        this.inferredCaps = inferredCaps;
        this.narrowing = narrowing;
    }

    /**
     * How closely a search narrows, as the probe's time budget allows. Short of time, it narrows to within
     * {@link #WIDE_GAP} and repeats no noisy rate; out of time, it takes one narrowing step at most, aimed
     * {@link #WIDE_GAP} under where the utilisations' lines reach their thresholds, and the answer is the highest rate
     * that passed, or a hold in the gap above it ({@link #gapHold}). What keeps an answer honest runs either way: the fractions until one fails (without them there is no
     * answer), a failing rate that bounds the answer and may be one stall, and the holds.
     */
    public enum Narrowing {
        /** To within {@link #PRECISION}, noise repeated, as the step budget allows. */
        FULL,
        /** To within {@link #WIDE_GAP}, the scenario's share of the probe's time spent. */
        SHORT_OF_TIME,
        /**
         * By its first narrowing step alone, the probe's whole time spent. Not by none: the answer would then be the
         * fraction below the one that failed, a grid of the ceiling rather than a limit. In the default probes of
         * 2026-12-05 four of 48 searches ended so, each far from the runs beside it (replicated-all 25.8 MB/s at 20:00
         * where the others held 54.9 and 61.0, single 85.9 at 21:00 against 136.5 and 138.0), and one step aimed under the
         * lines' crossing costs about 5 s. When no rate passed (the lowest fraction failed, or its hold did), that step
         * goes below the lowest fraction, once: without it there is no answer at all, as in two of twelve scenario runs of
         * each default series on 2026-12-06 03:39 and 04:07 (replicated-all's lowest fraction failed twice; the last
         * scenario's hold of its lowest fraction failed).
         */
        OUT_OF_TIME
    }

    /** This search narrowing as {@code allowed} says from now on; it answers from the same steps, so the judge may ask either. */
    public SustainableSearch narrowing(Narrowing allowed) {
        return allowed == narrowing ? this : new SustainableSearch(thresholds, fractionRates, ceilingRecordsPerSecond, maxSteps,
                maxRepeats, inferredCaps, allowed);
    }

    public Narrowing narrowing() {
        return narrowing;
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

    /** The next paced rate to measure, or empty when the search is done (searches without holds). */
    public Optional<Measure> next(List<StepMeasurement> paced) {
        return next(paced, List.of(), false);
    }

    /**
     * The next paced rate to measure, or empty when the search is done. Once the search has its answer, the answer is
     * held ({@code hold}: one long step at that rate, judged on its own latency, errors and delivery and on the
     * utilisations' lines, see {@link Judged}) before it is reported; a hold that fails makes its rate a failing one, and
     * the search goes on below it, holding the next answer once more.
     *
     * @param held the hold steps measured so far
     */
    public Optional<Measure> next(List<StepMeasurement> paced, List<StepMeasurement> held) {
        return next(paced, held, true);
    }

    /** The search's next rate, then, {@code holding}, the holds its answer takes; the readings are pooled once for both. */
    private Optional<Measure> next(List<StepMeasurement> paced, List<StepMeasurement> held, boolean holding) {
        Judged judged = judged(paced, held);
        Map<Double, Rate> rates = judged.rates();
        PooledReadings pooled = judged.pooled();
        Optional<Measure> searching = searchNext(paced, judged.holds(), pooled, rates);
        if (!holding) {
            return searching;
        }
        if (searching.isPresent()) {
            return searching;
        }
        Optional<Measure> inGap = rates.values().stream().anyMatch(Rate::inGap) ? Optional.empty() : gapHold(rates, pooled);
        long heldRates = rates.values().stream().filter(r -> !r.inGap() && (r.hold() != null || r.failedHold() != null)).count();
        if (heldRates >= MAX_HOLDS) {
            // both holds failed: the answer is an unheld step below them, unless the gap they left is held
            return inGap;
        }
        return inGap.or(() -> answer(rates).filter(r -> r.hold() == null).map(r -> new Measure(holdRate(r.offered()), false, true)));
    }

    /**
     * A search that ended with its answer more than {@link #WIDE_GAP} below the rate that failed (out of time, or with its
     * steps spent, or where the hold of the rate it passed failed) holds in that gap, once, rather than
     * {@link #HOLD_MARGIN} below its answer: {@link #WIDE_GAP} under where
     * the utilisations' lines through every paced step reach their thresholds, or halfway when they do not there (latency
     * or an undelivered rate failed). A hold judged on its own readings is the evidence either way, and one that fails
     * leaves the answer's own hold to follow. Not when the lines cross in the gap's lowest {@link #CROSSING_MARGIN}: a hold
     * there gains little. Holding the answer made a fraction of the ceiling the answer: in the default series of
     * 2026-12-06 05:07-07:27, eleven of 36 scenario runs reported loads 27-53 % below the rate that failed (05:07 run 2,
     * replicated-leader: 47.3k msgs/s, held below a fraction of 49.8k, where 88.1k failed by one point of broker CPU and
     * the run before it held 73.4k). A hold that failed left as wide a gap: in the 22 default probes of 2026-12-06 05:07-12:35,
     * four of 20 first holds that failed dropped the answer to a fraction 27-52 % below them (12:09 run 1, replicated-leader:
     * the hold at 59.6k msgs/s failed, 62.8k had passed, and 40.4k was held below the 42.5k fraction). Two failed holds
     * left one too, with no hold after them: in the nine default probes of 2026-12-06 12:38-14:28 three answers were a
     * fraction's unheld step 47 % below the second failed hold (14:02 run 2, broker-ceiling: holds at 101.2k and 92.9k
     * msgs/s failed by 6-7 points of broker CPU, 106.6k had passed, and the answer was 48.9k where the runs beside it held
     * 110.1k and 98.9k).
     */
    private Optional<Measure> gapHold(Map<Double, Rate> rates, PooledReadings pooled) {
        Optional<Rate> answer = answer(rates);
        if (answer.isEmpty() || answer.get().hold() != null) {
            return Optional.empty();
        }
        double lo = answer.get().offered();
        double hi = lowestFail(rates).map(Rate::failsAt).orElse(ceilingRecordsPerSecond);
        double gap = hi - lo;
        if (gap / hi <= WIDE_GAP) {
            return Optional.empty();
        }
        double aim = Math.round(underCrossing(pooled, lo, hi, WIDE_GAP));
        boolean apart = aim > lo + CROSSING_MARGIN * gap && !rates.containsKey(aim)
                && rates.keySet().stream().noneMatch(r -> holdRate(r) == aim);
        return apart ? Optional.of(new Measure(aim, false, true)) : Optional.empty();
    }

    private Optional<Measure> searchNext(List<StepMeasurement> paced, List<StepMeasurement> held, PooledReadings pooled,
                                         Map<Double, Rate> rates) {
        Optional<Measure> stall = stallBoundingTheAnswer(paced, held, rates);
        boolean inTime = narrowing == Narrowing.FULL;
        // a hold that passed in the gap is the answer: the search is over. Not once its readings moved the lines so that
        // the rate above the gap passes: the gap is gone, and the fractions and the narrowing go on above that rate
        boolean heldInGap = answer(rates).filter(Rate::inGap).isPresent();
        if (stall.isPresent() || heldInGap || paced.size() >= maxSteps + (inTime ? EXTRA_STEPS : 0)) {
            return stall;
        }
        boolean budgetSpent = paced.size() >= maxSteps;
        Optional<Measure> repeat = budgetSpent || !inTime ? Optional.empty() : noiseToRepeat(paced, rates);
        if (repeat.isPresent()) {
            return repeat;
        }
        Optional<Rate> lowestFail = lowestFail(rates);
        if (lowestFail.isEmpty() && !budgetSpent) {
            Optional<Measure> fraction = fractionRates.stream().filter(r -> !rates.containsKey(r)).filter(r -> r > highestPassed(rates)).findFirst().map(r -> new Measure(r, false));
            if (fraction.isPresent()) {
                return fraction;
            }
        }
        // with every fraction passed, the ceiling is the failing bound: its unthrottled steps saturated something, and
        // stopping at the highest fraction would make the answer that fraction of a noisy ceiling rather than a limit
        double hi = lowestFail.map(Rate::failsAt).orElse(ceilingRecordsPerSecond);
        double lo = highestPassedBelow(rates, hi);
        boolean outOfTime = narrowing == Narrowing.OUT_OF_TIME;
        if (outOfTime && (lo == 0 ? measuredBelowFractions(rates) : narrowedFrom(rates, lo))) {
            return Optional.empty();
        }
        if ((hi - lo) / hi <= (budgetSpent || !inTime ? WIDE_GAP : PRECISION) || budgetSpent && lo == 0) {
            return Optional.empty();
        }
        // where the utilisations' lines reach their thresholds, when that lies between the two rates (kept off their
        // edges so each step narrows the gap); else halfway
        double gap = hi - lo;
        // a hair under the crossing, so the aimed step should pass and lift the passing end close to the limit: at the
        // crossing itself it is a coin toss. Out of time, where no step follows to make up for a miss, well under it: a
        // miss leaves the answer at the fraction below the failing one (a default probe here, 2026-12-05 22:57 run 2,
        // replicated-leader: its one step, aimed a hair under the crossing, failed by 0.04 points of broker CPU, and the
        // answer held 49.9 MB/s where the runs beside it held 59.2 and 61.6)
        double under = outOfTime ? WIDE_GAP : PRECISION / 2;
        double aim = narrowingSteps(rates) % 2 == 1 ? (lo + hi) / 2 : underCrossing(pooled, lo, hi, under);
        double mid = Math.max(1, Math.round(Math.max(lo + CROSSING_MARGIN * gap, Math.min(hi - CROSSING_MARGIN * gap, aim))));
        return mid >= hi || rates.containsKey(mid) ? Optional.empty() : Optional.of(new Measure(mid, false));
    }

    /**
     * {@code under} (a share) below where the utilisations' lines through every paced step reach their thresholds between
     * {@code lo} and {@code hi}; halfway when they do not reach them there.
     */
    private double underCrossing(PooledReadings pooled, double lo, double hi, double under) {
        return pooled.crossing(thresholds, lo, hi).stream().map(c -> c * (1 - under)).findFirst().orElse((lo + hi) / 2);
    }

    /** The highest offered rate that passed, with its best step; empty when none did (searches without holds). */
    public Optional<SustainablePoint> result(List<StepMeasurement> paced) {
        return result(paced, List.of());
    }

    /**
     * The highest offered rate that passed below the lowest that failed: its hold when it held (the load reported is
     * then the hold's, {@link #HOLD_MARGIN} below the rate), else its best step; empty when none passed.
     */
    public Optional<SustainablePoint> result(List<StepMeasurement> paced, List<StepMeasurement> held) {
        Judged judged = judged(paced, held);
        Map<Double, Rate> rates = judged.rates();
        Optional<Rate> lowestFail = lowestFail(rates);
        Optional<Rate> best = answer(rates);
        if (best.isEmpty()) {
            return Optional.empty();
        }
        Rate rate = best.get();
        StepMeasurement step = rate.hold() != null ? rate.hold() : java.util.stream.IntStream.range(0, rate.steps().size())
                .filter(i -> breaches(rate.pooled().get(i)).isEmpty()).mapToObj(rate.steps()::get)
                .max(Comparator.comparingDouble(StepMeasurement::recordsPerSecond)).orElseThrow();
        double offered = rate.hold() != null ? rate.hold().targetRecordsPerSecond() : rate.offered();
        double failing = lowestFail.map(Rate::failsAt).orElse(ceilingRecordsPerSecond);
        Double within = failing > offered ? 100 * (failing - offered) / failing : null;
        String cut = narrowing != Narrowing.FULL && within != null && within > 100 * PRECISION
                ? ", where the probe's time budget cut the narrowing short" : "";
        String searched = within == null ? "" : " (searched to within " + HumanUnits.pct(within) + cut + ")";
        String limitedBy = lowestFail.map(f -> limitedBy(f, held) + searched + cause(f, step.recordsPerSecond()))
                .orElse("no threshold reached up to " + HumanUnits.msgsPerSecond(rate.offered()) + " offered (ceiling "
                        + HumanUnits.msgsPerSecond(ceilingRecordsPerSecond) + ")" + searched);
        Double failingRps = lowestFail.map(Rate::failsAt).orElse(null);
        return Optional.of(SustainablePoint.of(step, limitedBy + holdText(rate, rates, held, judged.holds()), within)
                .withHold(rate.hold() == null ? null : rate.hold().index(), failingRps));
    }

    /** The highest passing rate below the lowest failing one. */
    private static Optional<Rate> answer(Map<Double, Rate> rates) {
        double bound = lowestFail(rates).map(Rate::failsAt).orElse(Double.MAX_VALUE);
        return rates.values().stream().filter(r -> r.passed() && r.offered() < bound).max(Comparator.comparingDouble(Rate::offered));
    }

    /** The failing rate that bounds the answer lowest (a failed hold bounds it at the hold's rate). */
    private static Optional<Rate> lowestFail(Map<Double, Rate> rates) {
        return rates.values().stream().filter(r -> !r.passed()).min(Comparator.comparingDouble(Rate::failsAt));
    }

    /**
     * "; held at step 14, 5 % below ...", or that it was not held and which holds failed above it. {@code measured}: the
     * holds as measured, to say what the held step read on its own where the lines judged it; {@code holds}: the same,
     * judged.
     */
    private String holdText(Rate answer, Map<Double, Rate> rates, List<StepMeasurement> measured, List<StepMeasurement> holds) {
        if (answer.inGap()) {
            double passed = highestPassedBelow(rates, answer.offered());
            return "; held at step " + answer.hold().index() + ", in the gap its search left open above the "
                    + HumanUnits.msgsPerSecond(passed) + " it passed" + ownReadings(answer.hold(), measured);
        }
        if (answer.hold() != null) {
            String stalled = holdsAt(answer.holdTarget(), holds).stream().filter(h -> !breaches(h).isEmpty()).findFirst()
                    .map(h -> " (measured again: its hold at step " + h.index() + " failed on " + String.join(", ", breaches(h))
                            + " from one stall)").orElse("");
            return "; held at step " + answer.hold().index() + ", " + HumanUnits.pct(100 * HOLD_MARGIN) + " below the "
                    + HumanUnits.msgsPerSecond(answer.offered()) + " its search passed" + stalled
                    + ownReadings(answer.hold(), measured);
        }
        if (holds.isEmpty()) {
            return "";
        }
        List<StepMeasurement> failed = holds.stream().filter(h -> !breaches(h).isEmpty()).toList();
        if (failed.isEmpty()) {
            // every hold passed, and the lines through their readings then passed a rate above them (or failed the
            // one a hold confirmed): the answer moved where no hold was left to confirm it
            return "; not held: " + (holds.size() == 1 ? "its hold at " : "its holds at ") + listed(holds)
                    + " passed, and the lines through their readings then moved the answer to a rate no hold confirmed";
        }
        return "; not held: the " + (failed.size() == 1 ? "hold" : failed.size() + " holds") + " above it failed at "
                + listed(failed);
    }

    /** "47,500 msgs/s (step 6) and 49,600 msgs/s (step 7)". */
    private static String listed(List<StepMeasurement> holds) {
        return holds.stream().map(h -> HumanUnits.msgsPerSecond(h.targetRecordsPerSecond()) + " (step " + h.index() + ")")
                .collect(Collectors.joining(" and "));
    }

    /**
     * " (on its own readings broker-1 CPU 82 % > 75 %: a utilisation is judged on the line through every paced step and
     * hold)" when the held step, read alone, was over a threshold the lines kept it under; else "".
     */
    private String ownReadings(StepMeasurement hold, List<StepMeasurement> measured) {
        List<String> own = ownBreaches(hold, measured);
        return own.isEmpty() ? "" : " (on its own readings " + String.join(", ", own)
                + ": a utilisation is judged on the line through every paced step and hold)";
    }

    /** What a judged hold breached on its own readings, as {@code measured} holds them (its judged breaches when absent). */
    private List<String> ownBreaches(StepMeasurement hold, List<StepMeasurement> measured) {
        return measured.stream().filter(h -> h.index() == hold.index()).findFirst().map(this::breaches)
                .orElseGet(() -> breaches(hold));
    }

    /** Why no rate was sustainable (searches without holds). */
    public String noneReason(List<StepMeasurement> paced) {
        return noneReason(paced, List.of());
    }

    /**
     * Why no rate was sustainable: what failed the rate that bounds the answer lowest, a failed hold's breaches when a hold
     * failed it. Not the lowest rate's own steps: a rate whose short steps passed and whose hold failed read as an empty
     * reason ("no paced rate passed:  at step 11", a plain Kafka broker under 0.5 cores, 2026-12-04 21:53).
     */
    public String noneReason(List<StepMeasurement> paced, List<StepMeasurement> held) {
        Map<Double, Rate> rates = judged(paced, held).rates();
        return lowestFail(rates).or(() -> rates.values().stream().findFirst()).map(r -> limitedBy(r, held) + cause(r, 0))
                .orElse("no paced step was measured");
    }

    /**
     * What held requests at the failing rate's last step when no resource failed it, or "": at its failed hold when a hold
     * failed it, as that is the step the answer names, else at its last short step.
     */
    private String cause(Rate failing, double sustainableRps) {
        if (failing.failedHold() != null) {
            StepMeasurement hold = failing.failedHold();
            return LimitCause.of(hold, hold, thresholds, inferredCaps, sustainableRps, ceilingRecordsPerSecond);
        }
        int last = failing.steps().size() - 1;
        return LimitCause.of(failing.steps().get(last), failing.pooled().get(last), thresholds, inferredCaps, sustainableRps,
                ceilingRecordsPerSecond);
    }

    /** What failed the rate, on pooled readings; {@code measured}: the holds as measured, to say when a line judged one. */
    private String limitedBy(Rate failing, List<StepMeasurement> measured) {
        if (failing.failedHold() != null) {
            StepMeasurement hold = failing.failedHold();
            String passed = failing.inGap() ? "held in the gap its search left open"
                    : "offered and held (the search had passed " + HumanUnits.msgsPerSecond(failing.offered()) + ")";
            boolean ownAlike = ownBreaches(hold, measured).equals(breaches(hold));
            return String.join(", ", breaches(hold)) + " at step " + hold.index() + ", " + HumanUnits.msgsPerSecond(failing.failsAt())
                    + " " + passed + (ownAlike ? "" : " (utilisation on the line through every paced step and hold)");
        }
        int last = failing.steps().size() - 1;
        StepMeasurement step = failing.steps().get(last);
        List<String> pooled = breaches(failing.pooled().get(last));
        String repeated = failing.steps().size() > 1 ? " (measured " + failing.steps().size() + " times)" : "";
        String readings = pooled.equals(breaches(step)) ? "" : " (utilisation on the line through every paced step)";
        String flat = failing.flatLines().isEmpty() ? "" : "; " + String.join("; ", failing.flatLines())
                + ": a cost the rate barely moves, so where its line crosses the threshold moves with that cost from run to run";
        return String.join(", ", pooled) + " at step " + step.index() + ", " + HumanUnits.msgsPerSecond(failing.offered())
                + " offered" + repeated + readings + flat;
    }

    /**
     * The lowest failing rate, measured once and failed only on latency a stall can produce ({@link #looksLikeNoise}),
     * measured again whatever the step budget says, within {@code maxRepeats}: it is the rate that bounds the answer. With
     * the budget spent, such a rate used to bound it unrepeated: in a default probe here (2026-12-02 16:39, run 2,
     * replicated-all) 13,197 msgs/s failed on p99 372 ms while its seconds' median stood at 65 ms (broker-3 paused 353 ms
     * for GC in one second), below rates that had passed, and the answer was 11.6k msgs/s where the runs beside it found
     * 29.9k and 32.1k.
     */
    private Optional<Measure> stallBoundingTheAnswer(List<StepMeasurement> paced, List<StepMeasurement> held,
                                                     Map<Double, Rate> rates) {
        Optional<Rate> bound = lowestFail(rates);
        if (bound.isPresent() && bound.get().failedHold() != null) {
            Rate rate = bound.get();
            boolean heldOnce = holdsAt(rate.holdTarget(), held).size() == 1;
            boolean stalled = onlyLatency(rate.failedHold()) && stall(rate.failedHold());
            return heldOnce && stalled && repeatedHolds(held) < MAX_HOLD_REPEATS
                    ? Optional.of(new Measure(rate.holdTarget(), true, true)) : Optional.empty();
        }
        if (repeats(paced, rates) >= maxRepeats) {
            return Optional.empty();
        }
        return bound.filter(r -> r.steps().size() == 1 && looksLikeNoise(r.pooled().get(0))).map(r -> new Measure(r.offered(), true));
    }

    /** The holds run at {@code target}, in the order measured. */
    private static List<StepMeasurement> holdsAt(double target, List<StepMeasurement> held) {
        return held.stream().filter(h -> h.targetRecordsPerSecond() != null && h.targetRecordsPerSecond() == target).toList();
    }

    private static long repeatedHolds(List<StepMeasurement> held) {
        return held.size() - held.stream().map(StepMeasurement::targetRecordsPerSecond).distinct().count();
    }

    private Optional<Measure> noiseToRepeat(List<StepMeasurement> paced, Map<Double, Rate> rates) {
        if (repeats(paced, rates) >= maxRepeats) {
            return Optional.empty();
        }
        double highestPassed = highestPassed(rates);
        double lowestFailed = rates.values().stream().filter(r -> !r.passed()).mapToDouble(Rate::offered).min().orElse(0);
        return rates.values().stream()
                .filter(r -> !r.passed() && r.steps().size() == 1)
                .filter(r -> r.offered() < highestPassed || looksLikeNoise(r.steps().get(0))
                        || r.offered() == lowestFailed && highestPassed == 0 && carried(r.steps().get(0)))
                .findFirst().map(r -> new Measure(r.offered(), true));
    }

    /** Failing steps measured again: paced steps beyond one per searched rate. */
    private static long repeats(List<StepMeasurement> paced, Map<Double, Rate> rates) {
        return paced.size() - rates.values().stream().filter(r -> !r.inGap()).count();
    }

    /** A rate below the lowest fraction was measured: the one step out of time takes when no rate passed. */
    private boolean measuredBelowFractions(Map<Double, Rate> rates) {
        return rates.keySet().stream().anyMatch(r -> r < fractionRates.get(0));
    }

    /**
     * Out of time, the gap above {@code lo} (the highest rate that passed) had its one narrowing step: a rate beyond the
     * fractions was measured at or above it. Not the rates below it: those narrowed under a rate that failed first and
     * passed once the lines took in the steps below it. In a default probe here (2026-12-07 07:14, run 1,
     * broker-ceiling, out of time from its first paced step) the lowest fraction, 40,635 msgs/s, read broker-1 at 82 %
     * of its quota; the step below it and the hold in the gap between them (44 and 47 %) brought the line under 75 % there,
     * and counted as the narrowing, they left 39.5 MB/s held as "no threshold reached up to 40,635 msgs/s" where the
     * runs beside it held 115.9 and 112.9: a quarter of the ceiling, with the fractions above it never tried.
     */
    private boolean narrowedFrom(Map<Double, Rate> rates, double lo) {
        return rates.keySet().stream().anyMatch(r -> r >= lo && !fractionRates.contains(r));
    }

    /** Rates measured beyond the first fractions. */
    private long narrowingSteps(Map<Double, Rate> rates) {
        return rates.keySet().stream().filter(r -> !fractionRates.contains(r)).count();
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

    /**
     * Only latency broke, and either not grossly or in a few seconds of the step (most of its seconds' p99s within the
     * SLO): one GC pause, a throttled quota period or a neighbour's burst can do that. A stall of half a second holds
     * every request sent during it, so it alone lifts an 8-second step's p99 far over the SLO.
     */
    private boolean looksLikeNoise(StepMeasurement step) {
        return onlyLatency(step) && (step.p99Us() <= RampPolicy.GROSS_SLO_FACTOR * thresholds.sloP99Us() || stall(step));
    }

    private boolean onlyLatency(StepMeasurement step) {
        return breaches(step).size() == 1 && step.p99Us() > thresholds.sloP99Us();
    }

    /**
     * Most of the step's seconds kept their p99 within the SLO (their median; the mean in documents without it): the
     * step's tail came from a few of them. Not the mean: a stalled second or two pull it over the SLO on their own where
     * the quiet seconds already stand at half of it. In a default probe here (2026-12-02 05:24, replicated-all) a step at
     * 7,926 msgs/s had a p99 of 817 ms while its six seconds' p99s averaged 219 ms, nearly all of the excess in one of its
     * three two-second batches; taken for the rate's level, it bounded the answer at 7,066 msgs/s, where the two runs
     * beside it found 19,118 and 11,246.
     */
    private boolean stall(StepMeasurement step) {
        Estimate perSecond = step.p99PerSecondUs();
        if (perSecond == null || perSecond.readings() < 3) {
            return false;
        }
        return (perSecond.median() != null ? perSecond.median() : perSecond.mean()) <= thresholds.sloP99Us();
    }

    private static SortedMap<Double, List<StepMeasurement>> byRate(List<StepMeasurement> paced) {
        SortedMap<Double, List<StepMeasurement>> byRate = new TreeMap<>();
        for (StepMeasurement step : paced) {
            if (step.targetRecordsPerSecond() != null) {
                byRate.computeIfAbsent(step.targetRecordsPerSecond(), r -> new ArrayList<>()).add(step);
            }
        }
        return byRate;
    }

    /**
     * The searched rates and the holds, judged on the utilisations' lines through all of them: a hold is a paced step
     * like the others, three times as long; its latency, errors and delivery are its own. Judged alone, a hold's broker
     * CPU decided whether the answer stood: in the nine default probes of 2026-12-06 12:38-14:28, 14 of 47 holds failed,
     * 10 of them on broker CPU alone (75-85 % of the quota; the line through every paced step put nine of them at
     * 69-74 %), and three answers fell to an unheld fraction 47 % below. A 12-second reading lay no higher than the short steps'
     * line on average (+0.6 points) but further off it (a standard deviation of 6.7 points of a 0.3-core quota, against
     * 4.0 for the 4-second steps the line was fit to): the host's drift over seconds, which a longer step does not
     * average away. On the lines, 9 of those 10 holds pass, and a hold's readings still move them; a hold that saturated
     * a broker keeps that reading ({@link PooledReadings#holds}).
     */
    private record Judged(PooledReadings pooled, Map<Double, Rate> rates, List<StepMeasurement> holds) {
    }

    private Judged judged(List<StepMeasurement> paced, List<StepMeasurement> held) {
        SortedMap<Double, List<StepMeasurement>> byRate = byRate(paced);
        PooledReadings pooled = new PooledReadings(byRate, held);
        return new Judged(pooled, rates(byRate, pooled, pooled.holds()), pooled.holds());
    }

    /**
     * Each rate passes on any of its steps' pooled readings, unless its hold failed (on its pooled readings); a rate held in a
     * gap (a hold at no searched rate's hold rate) passes as its hold did.
     */
    private Map<Double, Rate> rates(SortedMap<Double, List<StepMeasurement>> byRate, PooledReadings readings,
                                    List<StepMeasurement> held) {
        SortedMap<Double, List<StepMeasurement>> pooled = readings.steps();
        Map<Double, Rate> rates = new TreeMap<>();
        byRate.forEach((rate, steps) -> {
            List<StepMeasurement> holds = holdsAt(holdRate(rate), held);
            StepMeasurement failedHold = failedHold(holds);
            rates.put(rate, new Rate(rate, steps, pooled.get(rate),
                    failedHold == null && pooled.get(rate).stream().anyMatch(s -> breaches(s).isEmpty()), passingHold(holds),
                    failedHold, readings.flatOver(thresholds, rate)));
        });
        Set<Double> searchedHolds = byRate.keySet().stream().map(SustainableSearch::holdRate).collect(Collectors.toSet());
        held.stream().map(StepMeasurement::targetRecordsPerSecond).filter(t -> t != null && !searchedHolds.contains(t)).distinct()
                .forEach(target -> {
                    List<StepMeasurement> holds = holdsAt(target, held);
                    rates.put(target, Rate.heldInGap(target, passingHold(holds), failedHold(holds)));
                });
        return rates;
    }

    /** The first of a rate's holds that passed, or null. */
    private StepMeasurement passingHold(List<StepMeasurement> holds) {
        return holds.stream().filter(h -> breaches(h).isEmpty()).findFirst().orElse(null);
    }

    /** The last of a rate's holds when none of them passed; null when one passed or none was measured. */
    private StepMeasurement failedHold(List<StepMeasurement> holds) {
        return passingHold(holds) == null && !holds.isEmpty() ? holds.get(holds.size() - 1) : null;
    }

    private static double highestPassed(Map<Double, Rate> rates) {
        return rates.values().stream().filter(Rate::passed).mapToDouble(Rate::offered).max().orElse(0);
    }

    private static double highestPassedBelow(Map<Double, Rate> rates, double bound) {
        return rates.values().stream().filter(r -> r.passed() && r.offered() < bound).mapToDouble(Rate::offered).max().orElse(0);
    }
}
