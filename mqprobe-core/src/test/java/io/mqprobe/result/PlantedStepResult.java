package io.mqprobe.result;

import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.stats.LatencySummary;

import java.util.List;
import java.util.Map;

/**
 * A {@link StepResult} made by hand for a judge's test, one shape for every module's tests: 1 KiB records acknowledged
 * at a rate over the measured window, every latency {@link #WITHIN_SLO}, nothing consumed, the resources given.
 */
public final class PlantedStepResult {

    /** A latency well within any SLO a test sets (p99 3 ms). */
    public static final LatencySummary WITHIN_SLO = new LatencySummary(1_000, 2_000, 3_000, 4_000, 5_000, 1_200, 1_000);

    private static final int RECORD_BYTES = 1024;

    private PlantedStepResult() {
    }

    /**
     * @param target    the paced rate, or {@code null} for an unthrottled step
     * @param startedAt the step's start, ISO-8601
     */
    public static StepResult of(int index, int clients, Double target, String startedAt, long warmupMs, long measuredMs,
                                double recordsPerSecond, List<ResourceUsage> resources) {
        return of(index, clients, target, startedAt, warmupMs, measuredMs, recordsPerSecond, resources, Map.of());
    }

    /** As {@link #of(int, int, Double, String, long, long, double, List)}, with the producers' own averages. */
    public static StepResult of(int index, int clients, Double target, String startedAt, long warmupMs, long measuredMs,
                                double recordsPerSecond, List<ResourceUsage> resources, Map<String, Double> clientMetrics) {
        long records = Math.round(recordsPerSecond * measuredMs / 1000);
        return new StepResult(index, clients, target, startedAt, warmupMs, measuredMs, records, records * RECORD_BYTES,
                recordsPerSecond, recordsPerSecond * RECORD_BYTES, Map.of(), WITHIN_SLO, WITHIN_SLO, WITHIN_SLO, null, null,
                resources, clientMetrics);
    }
}
