package io.mqprobe.soak;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.PlantedStepResult;
import io.mqprobe.result.StepResult;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

/**
 * A soak's recording made by hand: one row per second and, per second, what the monitors would have sampled, each
 * figure a function of the second so a test plants a stall, a climb or a small page cache where it wants one.
 */
final class SoakRecording {

    static final long START_MS = Instant.parse("2026-11-29T10:00:00Z").toEpochMilli();
    static final double RATE = 10_000;
    static final String ON_TIME = "g";
    static final String CATCH_UP = "g-catch-up";

    private final int seconds;
    private IntToDoubleFunction p99Us = s -> 10_000;
    private IntToDoubleFunction acked = s -> RATE;
    private IntToDoubleFunction e2eUs;
    private IntToDoubleFunction logBytes = s -> 5e8;
    private IntToDoubleFunction pageCache = s -> 6e8;
    private IntToDoubleFunction diskReads = s -> 0;
    private IntToDoubleFunction catchUpLagS;
    private boolean fromStart;
    private long catchUpAskedS;
    private Double retentionCap;
    private IntToDoubleFunction broker2Cores = s -> 0.2;
    private IntToDoubleFunction otherBrokersCores = s -> 0.2;
    private IntToDoubleFunction clientCores = s -> 0.3;
    private IntToDoubleFunction hostCores = s -> 1.2;
    private IntToDoubleFunction hostCapacity = s -> 2;
    private IntToDoubleFunction segments;
    private IntToDoubleFunction gcMsPerS = s -> 5;
    private IntToDoubleFunction catchUpReadBps;

    SoakRecording(int seconds) {
        this.seconds = seconds;
    }

    SoakRecording p99Us(IntToDoubleFunction value) {
        p99Us = value;
        return this;
    }

    /** The on-time readers' end-to-end p99 per second; the senders' p99 when not given. */
    SoakRecording e2eUs(IntToDoubleFunction value) {
        e2eUs = value;
        return this;
    }

    SoakRecording acked(IntToDoubleFunction value) {
        acked = value;
        return this;
    }

    SoakRecording logBytes(IntToDoubleFunction value) {
        logBytes = value;
        return this;
    }

    /** Each broker's page cache and its disk reads; every broker writes 10 MB/s. */
    SoakRecording cache(IntToDoubleFunction bytes, IntToDoubleFunction reads) {
        pageCache = bytes;
        diskReads = reads;
        return this;
    }

    /** Broker 2's CPU, under its 0.5-core quota (0.2 when not given; the host has 2 cores). */
    SoakRecording broker2Cores(IntToDoubleFunction cores) {
        broker2Cores = cores;
        return this;
    }

    /** Brokers 1 and 3's CPU, under their 0.5-core quotas (0.2 when not given). */
    SoakRecording otherBrokersCores(IntToDoubleFunction cores) {
        otherBrokersCores = cores;
        return this;
    }

    /** mqprobe's own CPU, under its 0.5-core quota (0.3 when not given). */
    SoakRecording clientCores(IntToDoubleFunction cores) {
        clientCores = cores;
        return this;
    }

    /** The host's busy cores and the cores it had (its 2 less what the hypervisor stole), per second. */
    SoakRecording host(IntToDoubleFunction cores, IntToDoubleFunction capacity) {
        hostCores = cores;
        hostCapacity = capacity;
        return this;
    }

    /** Each broker's segment count of the topic, read every 5 s; none read when not given. */
    SoakRecording segments(IntToDoubleFunction count) {
        segments = count;
        return this;
    }

    /** Each broker's GC pause time per second (5 ms/s when not given). */
    SoakRecording gcMsPerS(IntToDoubleFunction value) {
        gcMsPerS = value;
        return this;
    }

    /** What retention keeps the topic at, every replica counted; none when not given. */
    SoakRecording retentionCap(double bytes) {
        retentionCap = bytes;
        return this;
    }

    /** A catch-up group kept {@code lagS} behind (so asked, rounded to whole seconds), reading {@code readBps}. */
    SoakRecording catchUp(double lagS, double readBps) {
        catchUpAskedS = Math.max(1, Math.round(lagS));
        catchUpLagS = s -> lagS;
        catchUpReadBps = s -> readBps;
        return this;
    }

    /** A catch-up group reading from the topic's start: its lag and read rate per second, NaN before it joins. */
    SoakRecording catchUpFromStart(IntToDoubleFunction lagS, IntToDoubleFunction readBps) {
        catchUpLagS = lagS;
        catchUpReadBps = readBps;
        fromStart = true;
        return this;
    }

    List<IntervalRow> rows() {
        List<IntervalRow> rows = new ArrayList<>();
        for (int s = 0; s < seconds; s++) {
            double p99 = p99Us.applyAsDouble(s);
            double e2e = e2eUs == null ? p99 : e2eUs.applyAsDouble(s);
            rows.add(new IntervalRow(START_MS + 1000L * s, SoakPlanner.SCENARIO, 1, IntervalRow.MEASURE, acked.applyAsDouble(s),
                    acked.applyAsDouble(s), acked.applyAsDouble(s) * 1000, p99, p99 / 2, p99, p99 / 4, p99 / 2, 0,
                    acked.applyAsDouble(s), e2e, e2e / 2, e2e));
        }
        return rows;
    }

    List<ResourceSample> samples() {
        List<ResourceSample> out = new ArrayList<>();
        for (int s = 0; s < seconds; s++) {
            long at = START_MS + 1000L * s + 500;
            for (String broker : List.of("broker-1", "broker-2", "broker-3")) {
                out.add(new ResourceSample(at, broker, Metric.PAGE_CACHE_BYTES, pageCache.applyAsDouble(s), 1e9));
                out.add(new ResourceSample(at, broker, Metric.DISK_WRITE_BPS, 1e7, 2e8));
                out.add(ResourceSample.of(at, broker, Metric.DISK_READ_BPS, diskReads.applyAsDouble(s)));
                out.add(ResourceSample.of(at, broker, Metric.LOG_SIZE_BYTES, logBytes.applyAsDouble(s) / 3));
                out.add(new ResourceSample(at, broker, Metric.CPU_CORES,
                        (broker.equals("broker-2") ? broker2Cores : otherBrokersCores).applyAsDouble(s), 0.5));
                out.add(new ResourceSample(at, broker, Metric.GC_MS_PER_S, gcMsPerS.applyAsDouble(s), 1000));
                if (segments != null && s % 5 == 0) {
                    out.add(ResourceSample.of(at, broker, Metric.LOG_SEGMENTS, segments.applyAsDouble(s)));
                }
            }
            out.add(new ResourceSample(at, "client", Metric.CPU_CORES, clientCores.applyAsDouble(s), 0.5));
            out.add(new ResourceSample(at, "host", Metric.CPU_CORES, hostCores.applyAsDouble(s), hostCapacity.applyAsDouble(s)));
            out.add(ResourceSample.of(at, "group:" + ON_TIME, Metric.CONSUMER_LAG, 100));
            out.add(ResourceSample.of(at, "cluster", Metric.UNDER_REPLICATED, 0));
            if (catchUpLagS != null && !Double.isNaN(catchUpLagS.applyAsDouble(s))) {
                out.add(ResourceSample.of(at, "group:" + CATCH_UP, Metric.GROUP_LAG_SECONDS, catchUpLagS.applyAsDouble(s)));
                out.add(ResourceSample.of(at, "group:" + CATCH_UP, Metric.GROUP_READ_BPS, catchUpReadBps.applyAsDouble(s)));
            }
        }
        return out;
    }

    List<SoakMinute> minutes() {
        return MinuteSeries.of(rows(), START_MS + 1000L * seconds, null, samples(), criteria(Duration.ofSeconds(seconds), null));
    }

    /** The soak's one load step, as the runner would have recorded it. */
    MeasuredStep step() {
        ProducerLoadSpec producers = new ProducerLoadSpec("t", 1, 1, false, 1000, RATE, 0, Duration.ofSeconds(seconds),
                new PayloadSpec.Random(), Map.of(), false);
        ConsumerLoadSpec consumers = new ConsumerLoadSpec(List.of("t"), ON_TIME, 1, 0, Duration.ofSeconds(seconds), Map.of());
        StepPlan plan = new StepPlan(SoakPlanner.SCENARIO, 1, new StepLoad.ProduceAndConsume(producers, consumers), 0, 0, List.of());
        LatencySummary latency = PlantedStepResult.WITHIN_SLO;
        StepResult result = new StepResult(0, 1, RATE, Instant.ofEpochMilli(START_MS).toString(), 0, seconds * 1000L,
                (long) RATE * seconds, (long) RATE * seconds * 1000, RATE, RATE * 1000, Map.of(), latency, latency, latency,
                null, null, List.of());
        return new MeasuredStep(plan, new StepRunner.Outcome(result, null, null, 0, 0, List.of(), Map.of(), rows()));
    }

    SoakCriteria criteria(Duration asked, Double diskLimit) {
        return criteria(asked, diskLimit, null, 0);
    }

    /** As a soak of a probe's answer ({@code origin}) would be judged, at the rate asked (0) or its k-th correction. */
    SoakCriteria criteria(Duration asked, Double diskLimit, ProbeOrigin origin, int correction) {
        return new SoakCriteria(RATE, Duration.ofMillis(200), asked, ON_TIME, catchUpLagS == null ? null : CATCH_UP,
                catchUpLagS == null ? null : fromStart ? CatchUp.FROM_START : new CatchUp(Duration.ofSeconds(catchUpAskedS)), diskLimit,
                retentionCap, origin, correction);
    }

    SoakVerdict judge(Duration asked, Double diskLimit, boolean interrupted) {
        return judge(criteria(asked, diskLimit), interrupted);
    }

    SoakVerdict judge(SoakCriteria criteria, boolean interrupted) {
        return new SoakJudge(criteria, step -> minutes()).judge(SoakPlanner.SCENARIO, List.of(step()), interrupted);
    }
}
