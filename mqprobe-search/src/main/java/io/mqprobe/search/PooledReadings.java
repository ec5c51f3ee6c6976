package io.mqprobe.search;

import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The paced steps with each graded utilisation (a broker's CPU, iowait, NIC and disk shares) replaced by its value on
 * the least-squares line through that utilisation's readings at every paced step measured so far, holds included, the
 * line's slope held at zero or above (a cost does not fall as the rate rises).
 *
 * <p>Why a line over all steps: one four-second step under a half-core quota reads a broker at 99 % and the next, at
 * the same rate, at 45 % (a garbage-collection phase, the previous steps' leftovers); measured on this machine, the
 * busiest broker's CPU at one rate spread over 30 points between steps. Judged step by step, that chance decided
 * where the search crossed the 75 % threshold, and the sustainable load moved by tens of percent between runs. The
 * line weighs every paced step; where it crosses the threshold moves far less. The figure it judges is the cost's
 * long-run level, disturbances included. Latency is not fitted (it does not grow in a straight line, and its steps
 * are measured again instead), nor are errors, a rate not delivered or under-replication that grew: those stay
 * each step's own.
 */
final class PooledReadings {

    /** A utilisation's line over the offered rate, and one of its readings (for its source, metric and capacity). */
    private record Line(CostLine cost, ResourceUsage sample) {
        double at(double rate) {
            return cost.at(rate);
        }
    }

    /** A cost this much dearer shows how far a flat line's crossing moves with it. */
    static final double DEARER = 0.05;

    private final SortedMap<Double, List<StepMeasurement>> pooled = new TreeMap<>();
    private final List<StepMeasurement> pooledHolds;
    private final Map<String, Line> lines = new HashMap<>();

    /** @param byRate the paced steps, by offered rate ascending */
    PooledReadings(SortedMap<Double, List<StepMeasurement>> byRate) {
        this(byRate, List.of());
    }

    /**
     * @param byRate the searched steps, by offered rate ascending
     * @param holds  the holds, each a paced step at its own offered rate: on the same lines, and read off them
     */
    PooledReadings(SortedMap<Double, List<StepMeasurement>> byRate, List<StepMeasurement> holds) {
        SortedMap<Double, List<StepMeasurement>> every = new TreeMap<>();
        byRate.forEach((rate, steps) -> every.computeIfAbsent(rate, r -> new ArrayList<>()).addAll(steps));
        holds.forEach(hold -> every.computeIfAbsent(hold.targetRecordsPerSecond(), r -> new ArrayList<>()).add(hold));
        for (String key : keys(every)) {
            lines.put(key, fit(every, key));
        }
        byRate.forEach((rate, steps) -> pooled.put(rate, steps.stream().map(s -> pooled(s, rate)).toList()));
        pooledHolds = holds.stream().map(this::pooledHold).toList();
    }

    /**
     * Each line over its threshold at {@code rate} that barely followed the rate ("broker-1 CPU rose 6 points from
     * 15,138 to 30,277 msgs/s, where a cost proportional to the rate rises 37"). Such a cost is mostly per request or
     * per second, not per record: a producer sends about as many requests at 15k msgs/s as at 30k (its batches grow,
     * measured here: 166 requests/s at every paced rate of one probe's broker-ceiling, 23k to 49k msgs/s). Then where
     * the line crosses its threshold moves a long way with a small change in that cost (0.21 against 0.25 cores of a
     * 0.3-core broker, from one run to the next), and the answer is no surer than that.
     */
    List<String> flatOver(Thresholds thresholds, double rate) {
        if (pooled.isEmpty()) {
            return List.of();
        }
        double low = pooled.firstKey();
        double high = pooled.lastKey();
        List<String> flat = new ArrayList<>();
        lines.values().stream().sorted(Comparator.comparing(line -> key(line.sample()))).forEach(line -> {
            // the threshold, when the line is over it at the rate
            OptionalDouble over = ThresholdBreaches.limit(line.sample(), thresholds).stream()
                    .filter(limit -> line.at(rate) > limit).findFirst();
            OptionalDouble rose = ThresholdBreaches.pct(line.sample(), line.at(high) - line.at(low));
            OptionalDouble proportional = ThresholdBreaches.pct(line.sample(), line.cost().proportionalRise(low, high));
            if (over.isPresent() && rose.isPresent() && proportional.isPresent() && line.cost().flatBetween(low, high)) {
                flat.add(ThresholdBreaches.name(line.sample()) + " rose " + Math.round(rose.getAsDouble()) + " points from "
                        + String.format(Locale.ROOT, "%,.0f", low) + " to " + HumanUnits.msgsPerSecond(high)
                        + ", where a cost proportional to the rate rises " + Math.round(proportional.getAsDouble())
                        + dearer(line.cost(), over.getAsDouble()));
            }
        });
        return flat;
    }

    /**
     * How far the line's crossing would move were the whole cost {@link #DEARER} dearer: "; 5 % dearer, it would cross at
     * 42,736 msgs/s instead of 53,893 (21 % lower)". A flat line's crossing moves several times as far as its cost does,
     * and a run's cost moves with the host's speed: on the 2-core test machine each probe's level of the brokers' CPU
     * per record lay a standard deviation of 6 % from its series' mean (bench/README.md, "The host or the brokers").
     */
    private static String dearer(CostLine cost, double limit) {
        OptionalDouble now = cost.rateAt(limit);
        if (now.isEmpty()) {
            return "";
        }
        OptionalDouble dearer = cost.rateAt(limit / (1 + DEARER));
        String pct = HumanUnits.pct(100 * DEARER);
        return dearer.isEmpty() ? "; " + pct + " dearer, it would be over the threshold at every rate"
                : "; " + pct + " dearer, it would cross at " + HumanUnits.msgsPerSecond(dearer.getAsDouble())
                + " instead of " + String.format(Locale.ROOT, "%,.0f", now.getAsDouble()) + " ("
                + HumanUnits.pct(100 * (1 - dearer.getAsDouble() / now.getAsDouble())) + " lower)";
    }

    /** The same steps in the same places, with pooled readings. */
    SortedMap<Double, List<StepMeasurement>> steps() {
        return pooled;
    }

    /** The holds in the order given, with pooled readings. */
    List<StepMeasurement> holds() {
        return pooledHolds;
    }

    /**
     * The lowest rate strictly between {@code low} and {@code high} at which a utilisation's line reaches its
     * threshold; empty when none does there (latency or errors failed the higher rate, or the lines are flat).
     */
    OptionalDouble crossing(Thresholds thresholds, double low, double high) {
        return lines.values().stream()
                .flatMapToDouble(line -> ThresholdBreaches.limit(line.sample(), thresholds).stream()
                        .map(limit -> line.cost().rateAt(limit).orElse(Double.NaN)))
                .filter(rate -> rate > low && rate < high).min();
    }

    private static Set<String> keys(SortedMap<Double, List<StepMeasurement>> byRate) {
        Set<String> keys = new LinkedHashSet<>();
        byRate.values().forEach(steps -> steps.forEach(step -> step.resources().stream().filter(PooledReadings::fitted)
                .forEach(u -> keys.add(key(u)))));
        return keys;
    }

    /** A graded utilisation with a reading to fit. */
    private static boolean fitted(ResourceUsage usage) {
        return ThresholdBreaches.graded(usage) && Double.isFinite(usage.mean());
    }

    /** The least-squares line through every reading of {@code key}, its slope held at zero or above. */
    private static Line fit(SortedMap<Double, List<StepMeasurement>> byRate, String key) {
        List<double[]> points = new ArrayList<>();
        ResourceUsage[] sample = new ResourceUsage[1];
        byRate.forEach((rate, steps) -> steps.forEach(step -> step.resources().stream()
                .filter(u -> fitted(u) && key(u).equals(key))
                .forEach(u -> {
                    points.add(new double[] {rate, u.mean()});
                    sample[0] = u;
                })));
        return new Line(CostLine.through(points), sample[0]);
    }

    /**
     * A hold read off the lines, but for a utilisation it saturated ({@link Thresholds#PROCESS_SATURATED_PCT} or more):
     * that reading stays its own. A broker at its quota for the whole hold did not carry the load with room, and one
     * reading of twelve weighs too little on a line to say so (a hold over 85 % stands more than twice the 6.7 points a
     * 12-second reading lies off the line here above the 75 % threshold).
     */
    private StepMeasurement pooledHold(StepMeasurement hold) {
        StepMeasurement pooledHold = pooled(hold, hold.targetRecordsPerSecond());
        List<ResourceUsage> resources = new ArrayList<>();
        for (int i = 0; i < hold.resources().size(); i++) {
            ResourceUsage own = hold.resources().get(i);
            boolean saturated = fitted(own) && ThresholdBreaches.pct(own, own.mean()).orElse(0) >= Thresholds.PROCESS_SATURATED_PCT;
            resources.add(saturated ? own : pooledHold.resources().get(i));
        }
        return pooledHold.withResources(resources);
    }

    private StepMeasurement pooled(StepMeasurement step, double rate) {
        List<ResourceUsage> resources = step.resources().stream().map(u -> {
            Line line = ThresholdBreaches.graded(u) ? lines.get(key(u)) : null;
            return line == null ? u : new ResourceUsage(u.source(), u.metric(), line.at(rate), u.peak(), u.capacity());
        }).toList();
        return step.withResources(resources);
    }

    private static String key(ResourceUsage usage) {
        return usage.source() + " " + usage.metric();
    }
}
