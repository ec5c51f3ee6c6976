package io.mqprobe.search;

import io.mqprobe.api.stats.Estimate;
import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.api.monitor.ResourceUsage;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one ramp step measured in its window after warm-up: acknowledged throughput, failed sends, latency
 * and every resource the monitors saw.
 *
 * @param index                   position in the ramp, strictly increasing, from 0
 * @param clients                 producer client instances during the step
 * @param targetRecordsPerSecond  the paced rate, or {@code null} when unthrottled
 * @param records                 records acknowledged in the measured window
 * @param errors                  sends that failed in the measured window
 * @param latencyUs               percentiles, or {@code null} when nothing was acknowledged
 * @param resources               per source and metric over the measured window
 * @param throughput              records/s with its 95 % interval (around {@code recordsPerSecond}); exact when the
 *                                step has no per-second readings (tests, documents from before intervals)
 * @param underReplicatedAtStart  partitions under-replicated when the step started (left by the steps before it)
 * @param p99PerSecondUs          the mean of the step's per-second p99s with its interval and their median, or
 *                                {@code null} without per-second readings: far below the step's own p99, the tail came
 *                                from a few seconds
 */
public record StepMeasurement(int index, int clients, Double targetRecordsPerSecond, double recordsPerSecond,
                              double bytesPerSecond, long records, long errors, LatencySummary latencyUs,
                              List<ResourceUsage> resources, Estimate throughput, int underReplicatedAtStart,
                              Estimate p99PerSecondUs) {

    /** A step without per-second latency readings. */
    public StepMeasurement(int index, int clients, Double targetRecordsPerSecond, double recordsPerSecond,
                           double bytesPerSecond, long records, long errors, LatencySummary latencyUs,
                           List<ResourceUsage> resources, Estimate throughput, int underReplicatedAtStart) {
        this(index, clients, targetRecordsPerSecond, recordsPerSecond, bytesPerSecond, records, errors, latencyUs, resources,
                throughput, underReplicatedAtStart, null);
    }

    /** A step measured exactly, on a settled cluster. */
    public StepMeasurement(int index, int clients, Double targetRecordsPerSecond, double recordsPerSecond,
                           double bytesPerSecond, long records, long errors, LatencySummary latencyUs,
                           List<ResourceUsage> resources) {
        this(index, clients, targetRecordsPerSecond, recordsPerSecond, bytesPerSecond, records, errors, latencyUs, resources,
                null, 0);
    }

    public StepMeasurement {
        if (index < 0 || clients < 0 || records < 0 || errors < 0) {
            throw new IllegalArgumentException("step index, clients, records and errors must be >= 0");
        }
        if (!(recordsPerSecond >= 0) || !(bytesPerSecond >= 0)) {
            throw new IllegalArgumentException("step " + index + ": rates must be >= 0, got " + recordsPerSecond + " and " + bytesPerSecond);
        }
        resources = resources == null ? List.of() : List.copyOf(resources);
        throughput = throughput == null ? Estimate.exact(recordsPerSecond) : throughput;
    }

    /** The same step with other resources (the host's CPU left out, for isolated runs). */
    public StepMeasurement withResources(List<ResourceUsage> only) {
        return new StepMeasurement(index, clients, targetRecordsPerSecond, recordsPerSecond, bytesPerSecond, records, errors,
                latencyUs, only, throughput, underReplicatedAtStart, p99PerSecondUs);
    }

    /** "±3.1 % (12 readings)", or "" for an exact figure. */
    public String precision() {
        return Precision.describe(throughput);
    }

    /** Failed sends over all sends; 0 when nothing was sent. */
    public double errorRatio() {
        long sends = records + errors;
        return sends == 0 ? 0 : (double) errors / sends;
    }

    /** p99 latency in microseconds, or {@code NaN} when not measured. */
    public double p99Us() {
        return latencyUs == null ? Double.NaN : latencyUs.p99();
    }

    /** Every source's usage of one metric, in the order the monitors reported them. */
    public List<ResourceUsage> usages(String metric) {
        return resources.stream().filter(r -> r.metric().equals(metric)).toList();
    }

    /** One source's usage of one metric. */
    public Optional<ResourceUsage> usage(String source, String metric) {
        return resources.stream().filter(r -> r.source().equals(source) && r.metric().equals(metric)).findFirst();
    }
}
