package io.mqprobe.monitor;

import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.ResourceSample;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Thread-safe sink that keeps every sample of a run and summarizes any time window of it
 * (mean and peak per source and metric), so a load step can ask for exactly its measured window.
 */
public final class ResourceAggregator implements Consumer<ResourceSample> {

    private final List<ResourceSample> samples = new ArrayList<>();

    @Override
    public void accept(ResourceSample s) {
        synchronized (samples) {
            samples.add(s);
        }
    }

    /** A copy of every sample received so far, in arrival order. */
    public List<ResourceSample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /**
     * Mean and peak per (source, metric) of the samples with {@code fromEpochMs <= epochMs <= toEpochMs},
     * sorted by source then metric. {@code NaN} values (no sampler emits them; a timeline read from an older file may
     * hold them) are skipped; a resource without samples in the window is absent.
     */
    public List<ResourceUsage> summarize(long fromEpochMs, long toEpochMs) {
        Map<String, Map<String, Accumulator>> bySource = new TreeMap<>();
        for (ResourceSample s : samples()) {
            if (s.epochMs() < fromEpochMs || s.epochMs() > toEpochMs || Double.isNaN(s.value())) {
                continue;
            }
            bySource.computeIfAbsent(s.source(), k -> new TreeMap<>())
                    .computeIfAbsent(s.metric(), k -> new Accumulator())
                    .add(s);
        }
        List<ResourceUsage> stats = new ArrayList<>();
        bySource.forEach((source, metrics) -> metrics.forEach((metric, acc) ->
                stats.add(new ResourceUsage(source, metric, acc.sum / acc.count, acc.peak, acc.capacity))));
        return stats;
    }

    private static final class Accumulator {
        double sum;
        long count;
        double peak = Double.NEGATIVE_INFINITY;
        OptionalDouble capacity = OptionalDouble.empty();
        long capacityEpochMs = Long.MIN_VALUE;

        void add(ResourceSample s) {
            sum += s.value();
            count++;
            peak = Math.max(peak, s.value());
            // the latest known capacity wins: a broker restarted under a new CPU quota reports the new one
            if (s.capacity().isPresent() && s.epochMs() >= capacityEpochMs) {
                capacity = s.capacity();
                capacityEpochMs = s.epochMs();
            }
        }
    }
}
