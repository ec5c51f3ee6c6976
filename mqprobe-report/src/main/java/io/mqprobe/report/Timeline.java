package io.mqprobe.report;

import io.mqprobe.api.monitor.ResourceSample;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The document's {@code timeline} resource samples, copied once into arrays sorted by time so each
 * scenario can cut its own window without walking every sample again.
 */
final class Timeline {

    /** One source's samples of one metric inside a window; x is seconds since the window's origin; peak and low before downsampling. */
    record Series(String source, String metric, double[] xs, double[] ys, int count, Double capacity, double peak, double low) {
    }

    private final long[] epochMs;
    private final String[] sources;
    private final String[] metrics;
    private final double[] values;
    private final double[] capacities;

    private Timeline(int n) {
        epochMs = new long[n];
        sources = new String[n];
        metrics = new String[n];
        values = new double[n];
        capacities = new double[n];
    }

    /** The samples that say what, where and how much (a value read as NaN was unknown), sorted by time. */
    static Timeline of(List<ResourceSample> timeline) {
        List<ResourceSample> samples = new ArrayList<>();
        for (ResourceSample s : timeline) {
            if (!Double.isNaN(s.value()) && HtmlScenario.written(s.source()) != null && HtmlScenario.written(s.metric()) != null) {
                samples.add(s);
            }
        }
        samples.sort(Comparator.comparingLong(ResourceSample::epochMs));
        Timeline t = new Timeline(samples.size());
        for (int i = 0; i < samples.size(); i++) {
            ResourceSample s = samples.get(i);
            t.epochMs[i] = s.epochMs();
            t.sources[i] = s.source();
            t.metrics[i] = s.metric();
            t.values[i] = s.value();
            t.capacities[i] = s.capacity().orElse(Double.NaN); // the packed column marks "no capacity" with NaN
        }
        return t;
    }

    boolean isEmpty() {
        return epochMs.length == 0;
    }

    long firstEpochMs() {
        return epochMs.length == 0 ? 0 : epochMs[0];
    }

    long lastEpochMs() {
        return epochMs.length == 0 ? 0 : epochMs[epochMs.length - 1];
    }

    /**
     * Samples with {@code fromMs <= epochMs <= toMs}, grouped by metric (sorted by name) and then by source
     * ({@link SourceOrder}), downsampled to {@link Downsampler#MAX_POINTS} per series.
     */
    Map<String, List<Series>> window(long fromMs, long toMs, long originMs) {
        Map<String, Map<String, List<Integer>>> byMetric = new TreeMap<>();
        int start = firstAtOrAfter(fromMs);
        for (int i = start; i < epochMs.length && epochMs[i] <= toMs; i++) {
            byMetric.computeIfAbsent(metrics[i], m -> new TreeMap<>(SourceOrder.COMPARATOR))
                    .computeIfAbsent(sources[i], s -> new ArrayList<>()).add(i);
        }
        Map<String, List<Series>> out = new LinkedHashMap<>();
        byMetric.forEach((metric, bySource) -> {
            List<Series> series = new ArrayList<>();
            bySource.forEach((source, rows) -> series.add(series(source, metric, rows, originMs)));
            out.put(metric, series);
        });
        return out;
    }

    private Series series(String source, String metric, List<Integer> rows, long originMs) {
        int n = rows.size();
        double[] xs = new double[n];
        double[] ys = new double[n];
        double capacity = Double.NaN;
        double peak = Double.NEGATIVE_INFINITY;
        double low = Double.POSITIVE_INFINITY;
        for (int k = 0; k < n; k++) {
            int i = rows.get(k);
            xs[k] = (epochMs[i] - originMs) / 1000.0;
            ys[k] = values[i];
            peak = Math.max(peak, values[i]);
            low = Math.min(low, values[i]);
            if (!Double.isNaN(capacities[i])) {
                capacity = capacities[i];
            }
        }
        Downsampler.Series small = Downsampler.minMax(xs, ys, n, Downsampler.MAX_POINTS);
        return new Series(source, metric, small.xs(), small.ys(), small.count(), Double.isNaN(capacity) ? null : capacity, peak, low);
    }

    private int firstAtOrAfter(long ms) {
        int lo = 0;
        int hi = epochMs.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (epochMs[mid] < ms) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
