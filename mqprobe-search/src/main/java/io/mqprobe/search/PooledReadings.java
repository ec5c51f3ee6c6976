package io.mqprobe.search;

import io.mqprobe.api.monitor.ResourceUsage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The paced steps with each graded utilisation (a broker's CPU, iowait, NIC and disk shares) replaced by its value on
 * the least-squares line through that utilisation's readings at every paced step measured so far, the line's slope
 * held at zero or above (a cost does not fall as the rate rises).
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

    private PooledReadings() {
    }

    /**
     * @param byRate the paced steps, by offered rate ascending
     * @return the same steps in the same places, with pooled readings
     */
    static SortedMap<Double, List<StepMeasurement>> of(SortedMap<Double, List<StepMeasurement>> byRate) {
        Map<String, Map<Double, Double>> fitted = new HashMap<>();
        for (String key : keys(byRate)) {
            fitted.put(key, fit(byRate, key));
        }
        SortedMap<Double, List<StepMeasurement>> pooled = new TreeMap<>();
        byRate.forEach((rate, steps) -> pooled.put(rate, steps.stream().map(s -> pooled(s, rate, fitted)).toList()));
        return pooled;
    }

    private static Set<String> keys(SortedMap<Double, List<StepMeasurement>> byRate) {
        Set<String> keys = new LinkedHashSet<>();
        byRate.values().forEach(steps -> steps.forEach(step -> keys.addAll(readings(step).keySet())));
        return keys;
    }

    /** The fitted reading at each rate that has the reading. */
    private static Map<Double, Double> fit(SortedMap<Double, List<StepMeasurement>> byRate, String key) {
        List<double[]> points = new ArrayList<>();
        byRate.forEach((rate, steps) -> steps.forEach(step -> {
            Double value = readings(step).get(key);
            if (value != null) {
                points.add(new double[] {rate, value});
            }
        }));
        double meanRate = points.stream().mapToDouble(p -> p[0]).average().orElse(0);
        double meanValue = points.stream().mapToDouble(p -> p[1]).average().orElse(0);
        double covariance = points.stream().mapToDouble(p -> (p[0] - meanRate) * (p[1] - meanValue)).sum();
        double variance = points.stream().mapToDouble(p -> (p[0] - meanRate) * (p[0] - meanRate)).sum();
        double slope = variance > 0 ? Math.max(0, covariance / variance) : 0;
        Map<Double, Double> fitted = new HashMap<>();
        points.forEach(p -> fitted.put(p[0], meanValue + slope * (p[0] - meanRate)));
        return fitted;
    }

    /** A step's graded readings by key: each graded resource's mean. */
    private static Map<String, Double> readings(StepMeasurement step) {
        Map<String, Double> readings = new HashMap<>();
        for (ResourceUsage usage : step.resources()) {
            if (ThresholdBreaches.graded(usage) && Double.isFinite(usage.mean())) {
                readings.put(key(usage), usage.mean());
            }
        }
        return readings;
    }

    private static StepMeasurement pooled(StepMeasurement step, double rate, Map<String, Map<Double, Double>> fitted) {
        List<ResourceUsage> resources = step.resources().stream().map(u -> {
            Double value = ThresholdBreaches.graded(u) ? fitted.getOrDefault(key(u), Map.of()).get(rate) : null;
            return value == null ? u : new ResourceUsage(u.source(), u.metric(), value, u.peak(), u.capacity());
        }).toList();
        return step.withResources(resources);
    }

    private static String key(ResourceUsage usage) {
        return usage.source() + " " + usage.metric();
    }
}
