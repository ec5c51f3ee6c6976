package io.mqprobe.search;

import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.stats.Estimate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * Turns a scenario's measured steps into its verdict: ceiling, knee, sustainable load and bottleneck.
 *
 * <ul>
 *   <li><b>Ceiling</b>: the level of the plateau the load reached: the step with the most acknowledged records per
 *       second (the earlier one on ties) and every unthrottled step whose 95 % interval overlaps it, their readings
 *       pooled ({@link Estimate#pooled}). Taking the best step alone would take the luckiest of several noisy
 *       figures of one level, a different one in every run; the pooled level has more readings and no such bias.</li>
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
 *       {@code limitedBy} names that first breach with its numbers, and, when that breach is latency or errors, what held
 *       requests there ({@link LimitCause}).</li>
 *   <li><b>Bottleneck</b>: the first saturated resource at the knee (at the ceiling when there is no knee: judged
 *       on the plateau's resources, each the mean of its means over the plateau's steps, so that a resource is not
 *       named in one run and left out in the next by one step's noise) or, when none is saturated there yet, at the
 *       first later step where one is; the evidence lists that step's figures. With none saturated, a broker resource
 *       that held one level while the load rose is named as an inferred cap ({@link CapInference}).</li>
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
        List<StepMeasurement> plateau = plateau(steps, ceiling);
        StepPoint level = StepPoint.pooled(steps.get(ceiling), plateau);
        BottleneckFinder.Judged judged = bottleneck(steps, thresholds, judge, ceiling, plateau);
        Limit limit = new Limit(thresholds, judged.inferred(), level.recordsPerSecond());
        int prefixEnd = firstBreach(steps, thresholds);
        SustainablePoint sustainable = sustainable(steps, prefixEnd, limit, stopReason);

        Bottleneck found = judged.bottleneck();
        if (sustainable == null) {
            List<String> evidence = new ArrayList<>(found.evidence());
            evidence.add(NO_SUSTAINABLE + limit.by(steps.get(0), 0));
            found = found.withEvidence(evidence);
        }
        return new ScenarioVerdict(level, knee.isPresent() ? kneePoint(steps.get(knee.getAsInt()), plateau, level) : null,
                sustainable, found, stopReason);
    }

    /**
     * The caps {@link CapInference} inferred from an unthrottled ramp when its verdict names one (nothing measured was
     * saturated), for explaining a failure of the paced steps that follow; empty otherwise.
     *
     * @param ramp the ramp's steps as judged, in ramp order
     */
    static List<CapInference.InferredCap> inferredCaps(List<StepMeasurement> ramp, Thresholds thresholds) {
        if (ramp.isEmpty()) {
            return List.of();
        }
        requireRampOrder(ramp);
        int ceiling = ceilingPosition(ramp);
        return bottleneck(ramp, thresholds, new GainJudge(ramp, thresholds), ceiling, plateau(ramp, ceiling)).inferred();
    }

    /** At the knee, else at the ceiling judged on the plateau's resources. */
    private static BottleneckFinder.Judged bottleneck(List<StepMeasurement> steps, Thresholds thresholds, GainJudge judge,
                                                     int ceiling, List<StepMeasurement> plateau) {
        OptionalInt knee = judge.kneePosition();
        RampEnd end = RampEnd.of(steps, judge, plateau);
        return knee.isPresent()
                ? BottleneckFinder.judge(steps, knee.getAsInt(), "the knee (step " + steps.get(knee.getAsInt()).index() + ")",
                        thresholds, end)
                : BottleneckFinder.judge(withPlateauResources(steps, ceiling, plateau), ceiling,
                        ceilingName(steps.get(ceiling), plateau), thresholds, end);
    }

    /** What a failing step's text is built from: its breaches, and the explanation {@link LimitCause} gives. */
    private record Limit(Thresholds thresholds, List<CapInference.InferredCap> caps, double ceilingRps) {

        String by(StepMeasurement breaching, double sustainableRps) {
            return String.join(", ", ThresholdBreaches.of(breaching, thresholds)) + " at step " + breaching.index()
                    + LimitCause.of(breaching, breaching, thresholds, caps, sustainableRps, ceilingRps);
        }
    }

    /**
     * The knee's figure: its own step's, or the plateau's level when the knee is where the plateau begins. One noisy
     * reading of the level the ceiling pools would otherwise print a knee above the ceiling.
     */
    private static StepPoint kneePoint(StepMeasurement knee, List<StepMeasurement> plateau, StepPoint level) {
        if (level.pooled() == null || !plateau.contains(knee)) {
            return StepPoint.of(knee);
        }
        return new StepPoint(knee.index(), level.recordsPerSecond(), level.bytesPerSecond(), level.interval(), level.pooled());
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

    /** The ceiling step and every unthrottled step the readings cannot tell from it, in ramp order. */
    private static List<StepMeasurement> plateau(List<StepMeasurement> steps, int ceiling) {
        StepMeasurement best = steps.get(ceiling);
        return steps.stream().filter(s -> s == best || (s.targetRecordsPerSecond() == null && best.targetRecordsPerSecond() == null
                && s.throughput().readings() > 0 && s.throughput().overlaps(best.throughput()))).toList();
    }

    /** "the ceiling (steps 1, 2, 3, 4)", and where its resources were read when not at every one ({@link #atLevel}). */
    private static String ceilingName(StepMeasurement best, List<StepMeasurement> plateau) {
        if (plateau.size() < 2) {
            return "the ceiling (step " + best.index() + ")";
        }
        List<StepMeasurement> read = atLevel(plateau);
        return "the ceiling (steps " + indices(plateau) + (read.size() < plateau.size() ? ", read at steps " + indices(read)
                + ", those at its level" : "") + ")";
    }

    private static String indices(List<StepMeasurement> steps) {
        return String.join(", ", steps.stream().map(s -> String.valueOf(s.index())).toList());
    }

    /** The steps with the ceiling's resources replaced by the plateau's: each source and metric's means averaged, peaks the highest. */
    private static List<StepMeasurement> withPlateauResources(List<StepMeasurement> steps, int ceiling, List<StepMeasurement> plateau) {
        if (plateau.size() < 2) {
            return steps;
        }
        List<StepMeasurement> replaced = new ArrayList<>(steps);
        replaced.set(ceiling, steps.get(ceiling).withResources(plateauResources(plateau)));
        return replaced;
    }

    /**
     * The resources of a plateau as one, over the steps that delivered its level ({@link #atLevel}): each source and
     * metric's means averaged, peaks the highest.
     */
    public static List<ResourceUsage> plateauResources(List<StepMeasurement> plateau) {
        return pooledResources(atLevel(plateau));
    }

    /**
     * The plateau's steps whose own mean reached its pooled level's interval. A step joins a plateau when its interval
     * overlaps the best one's, so a step read with a wide interval joins from well below the level, and its resources
     * describe a lighter load: on plain Kafka brokers (4.1.1, one under a 0.2-core limit mqprobe was not told of) a
     * 1-client step at 152k msgs/s ±56 % joined a plateau at 227k ±10 % with the host's CPU at 80 %, against 88-95 % in
     * the three steps at the level, and the pooled 89.6 % read "no bottleneck reached" on a host whose cores had run out.
     */
    static List<StepMeasurement> atLevel(List<StepMeasurement> plateau) {
        if (plateau.size() < 2) {
            return plateau;
        }
        double low = Estimate.pooled(plateau.stream().map(StepMeasurement::throughput).toList()).low();
        List<StepMeasurement> atLevel = plateau.stream().filter(s -> s.throughput().mean() >= low).toList();
        return atLevel.isEmpty() ? plateau : atLevel;
    }

    /** The resources of {@code steps} as one: each source and metric's means averaged, peaks the highest. */
    private static List<ResourceUsage> pooledResources(List<StepMeasurement> steps) {
        Map<List<String>, List<ResourceUsage>> bySourceAndMetric = steps.stream().flatMap(s -> s.resources().stream())
                .collect(Collectors.groupingBy(r -> List.of(r.source(), r.metric()), LinkedHashMap::new, Collectors.toList()));
        // every group holds at least the reading that made it
        return bySourceAndMetric.values().stream().map(rs -> new ResourceUsage(rs.get(0).source(), rs.get(0).metric(),
                rs.stream().mapToDouble(ResourceUsage::mean).average().orElseThrow(),
                rs.stream().mapToDouble(ResourceUsage::peak).max().orElseThrow(), rs.get(0).capacity())).toList();
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

    private static SustainablePoint sustainable(List<StepMeasurement> steps, int prefixEnd, Limit limit, String stopReason) {
        if (prefixEnd == 0) {
            return null;
        }
        StepMeasurement best = steps.get(0);
        for (StepMeasurement step : steps.subList(0, prefixEnd)) {
            if (step.recordsPerSecond() > best.recordsPerSecond()) {
                best = step;
            }
        }
        String limitedBy = prefixEnd < steps.size() ? limit.by(steps.get(prefixEnd), best.recordsPerSecond())
                : "no threshold reached up to step " + steps.get(steps.size() - 1).index()
                        + (stopReason == null ? "" : " (ramp ended: " + stopReason + ")");
        return SustainablePoint.of(best, limitedBy);
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
