package io.mqprobe.search;

import io.mqprobe.api.stats.Estimate;
import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Metric;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/** Builds synthetic steps: 1 KiB records, a 10 s window, p99 5 ms unless told otherwise. */
final class StepBuilder {

    static final double RECORD_SIZE_BYTES = 1024;
    private static final double WINDOW_S = 10;

    private final int index;
    private final double recordsPerSecond;
    private int clients;
    private Double targetRecordsPerSecond;
    private long errors;
    private double p99Us = 5_000;
    private Estimate throughput;
    private int underReplicatedAtStart;
    private Estimate p99PerSecondUs;
    private final List<ResourceUsage> resources = new ArrayList<>();

    private StepBuilder(int index, double recordsPerSecond) {
        this.index = index;
        this.recordsPerSecond = recordsPerSecond;
        this.clients = index + 1;
    }

    static StepBuilder step(int index, double recordsPerSecond) {
        return new StepBuilder(index, recordsPerSecond);
    }

    /** Steps 0..n-1 with these throughputs and nothing else measured. */
    static List<StepMeasurement> curve(double... recordsPerSecond) {
        List<StepMeasurement> steps = new ArrayList<>();
        for (int i = 0; i < recordsPerSecond.length; i++) {
            steps.add(step(i, recordsPerSecond[i]).build());
        }
        return steps;
    }

    /**
     * Steps 0..n-1 with these mean throughputs, each read per second as {@code spread} × its mean, and the resources
     * {@code resources} adds (given the step's position).
     */
    static List<StepMeasurement> ramp(double[] spread, double[] means, BiConsumer<Integer, StepBuilder> resources) {
        List<StepMeasurement> steps = new ArrayList<>();
        for (int i = 0; i < means.length; i++) {
            double[] readings = new double[spread.length];
            for (int r = 0; r < spread.length; r++) {
                readings[r] = means[i] * spread[r];
            }
            StepBuilder builder = step(i, means[i]).readings(readings);
            resources.accept(i, builder);
            steps.add(builder.build());
        }
        return steps;
    }

    StepBuilder clients(int count) {
        this.clients = count;
        return this;
    }

    StepBuilder target(double recordsPerSecond) {
        this.targetRecordsPerSecond = recordsPerSecond;
        return this;
    }

    StepBuilder p99Ms(double ms) {
        this.p99Us = ms * 1000;
        return this;
    }

    /** Per-second readings of the step's throughput, from which its interval is estimated (their mean is not used). */
    StepBuilder readings(double... perSecond) {
        this.throughput = Estimate.batchMeans(perSecond).scaledTo(recordsPerSecond);
        return this;
    }

    /**
     * One stall of {@code stallMs} in the step's 8 seconds, every other second's p99 {@code quietMs}: the step's p99 is the
     * stall's, the mean of its per-second p99s is not.
     */
    StepBuilder stall(double quietMs, double stallMs) {
        double[] perSecond = {quietMs, quietMs, quietMs, stallMs, quietMs, quietMs, quietMs, quietMs};
        this.p99PerSecondUs = Estimate.batchMeans(java.util.Arrays.stream(perSecond).map(ms -> ms * 1000).toArray());
        return p99Ms(stallMs);
    }

    /** The step's per-second p99s, as given; the step's p99 is the worst of them. */
    StepBuilder seconds(double... p99Ms) {
        this.p99PerSecondUs = Estimate.batchMeans(java.util.Arrays.stream(p99Ms).map(ms -> ms * 1000).toArray());
        return p99Ms(java.util.Arrays.stream(p99Ms).max().orElseThrow());
    }

    StepBuilder underReplicatedAtStart(int partitions) {
        this.underReplicatedAtStart = partitions;
        return this;
    }

    StepBuilder errors(long failedSends) {
        this.errors = failedSends;
        return this;
    }

    StepBuilder cpu(String source, double cores, double capacityCores) {
        return use(source, Metric.CPU_CORES, cores, capacityCores);
    }

    /** A reading whose busiest second stands 20 % above its mean, as a process with room reads (20-30 % measured). */
    StepBuilder use(String source, String metric, double mean, double capacity) {
        return use(source, metric, mean, mean * 1.2, capacity);
    }

    StepBuilder use(String source, String metric, double mean, double peak, double capacity) {
        resources.add(new ResourceUsage(source, metric, mean, peak, capacity));
        return this;
    }

    StepBuilder use(String source, String metric, double mean) {
        return use(source, metric, mean, Double.NaN);
    }

    StepMeasurement build() {
        long records = Math.round(recordsPerSecond * WINDOW_S);
        LatencySummary latency = records == 0 ? null : new LatencySummary(p99Us / 4, p99Us / 2, p99Us, p99Us * 2, p99Us * 3, p99Us / 3, records);
        return new StepMeasurement(index, clients, targetRecordsPerSecond, recordsPerSecond, recordsPerSecond * RECORD_SIZE_BYTES,
                records, errors, latency, resources, throughput, underReplicatedAtStart, p99PerSecondUs);
    }
}
