package io.mqprobe.search;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;

import java.util.List;
import java.util.Locale;

/**
 * The limits a probe judges its steps against: utilisation thresholds that bound the sustainable load, the
 * latency SLO, and the plateau rule that ends the ramp. All ranges are checked here, once.
 *
 * @param cpuPct         CPU busy as % of the cores available to each source, in (0, 100]; default 75
 * @param iowaitPct      iowait % of a host, in (0, 100]; default 40
 * @param nicPct         NIC traffic as % of the probed or configured NIC ceiling, in (0, 100]; default 80
 * @param diskPct        disk traffic as % of the probed disk ceiling, in (0, 100]; default 80
 * @param sloP99Ms       p99 latency SLO in milliseconds (from the intended send time), finite and > 0; default 200
 * @param plateauGainPct a step pays off when it adds at least this % of throughput, in (0, 100]; default 5
 * @param plateauSteps   consecutive steps that must not pay off to confirm a plateau, in [1, 10]; default 2
 * @param maxErrorRatio  failed sends over all sends above which a step fails, in [0, 1); default 0.001
 */
public record Thresholds(double cpuPct, double iowaitPct, double nicPct, double diskPct, double sloP99Ms,
                         double plateauGainPct, int plateauSteps, double maxErrorRatio) {

    /**
     * A process (a broker, or mqprobe itself) using this share of its cores or more is saturated; below it,
     * it still had room. The one threshold for "the client set the pace", in verdicts and single runs alike.
     */
    public static final double PROCESS_SATURATED_PCT = 85;

    public Thresholds {
        requirePct("CPU threshold", cpuPct);
        requirePct("iowait threshold", iowaitPct);
        requirePct("NIC threshold", nicPct);
        requirePct("disk threshold", diskPct);
        requirePct("plateau gain", plateauGainPct);
        if (!(sloP99Ms > 0) || !Double.isFinite(sloP99Ms)) {
            throw new UsageException("p99 SLO must be a positive number of milliseconds, got " + sloP99Ms);
        }
        if (plateauSteps < 1 || plateauSteps > 10) {
            throw new UsageException("plateau steps must be between 1 and 10, got " + plateauSteps);
        }
        if (!(maxErrorRatio >= 0 && maxErrorRatio < 1)) {
            throw new UsageException("max error ratio must be at least 0 and below 1, got " + maxErrorRatio);
        }
    }

    /** The thresholds of the method: CPU 75 %, iowait 40 %, NIC 80 %, disk 80 %, p99 200 ms, plateau 5 % for 2 steps, 0.1 % errors. */
    public static Thresholds defaults() {
        return new Thresholds(75, 40, 80, 80, 200, 5, 2, 0.001);
    }

    /** An SLO no step can break, for unthrottled steps whose latency is the producer's own queue. */
    static final double UNJUDGED_SLO_MS = Double.MAX_VALUE;

    /** The same thresholds, but latency is recorded and not judged (no SLO, no latency-climb rule). */
    public Thresholds withoutLatencyJudgement() {
        return withSloP99Ms(UNJUDGED_SLO_MS);
    }

    /** False for {@link #withoutLatencyJudgement()}. */
    public boolean judgesLatency() {
        return sloP99Ms < UNJUDGED_SLO_MS;
    }

    /** The same thresholds with another p99 SLO (what {@code --slo-p99} changes). */
    public Thresholds withSloP99Ms(double newSloP99Ms) {
        return new Thresholds(cpuPct, iowaitPct, nicPct, diskPct, newSloP99Ms, plateauGainPct, plateauSteps, maxErrorRatio);
    }

    /**
     * True when a broker's or host's utilisation (CPU, iowait, NIC or disk share) is at or over its threshold; false for
     * other metrics, for the load generator's readings and without a known capacity.
     */
    public boolean reached(ResourceUsage usage) {
        return ThresholdBreaches.graded(usage) && usage.mean() >= ThresholdBreaches.limit(usage, this);
    }

    /** True when mqprobe's own process or a load worker's averaged at least {@link #PROCESS_SATURATED_PCT} of its cores. */
    public static boolean clientSaturated(List<ResourceUsage> resources) {
        return resources.stream().anyMatch(r -> Bottleneck.loadGenerator(r.source()) && Metric.CPU_CORES.equals(r.metric())
                && r.meanPct() >= PROCESS_SATURATED_PCT);
    }

    double sloP99Us() {
        return sloP99Ms * 1000;
    }

    private static void requirePct(String what, double value) {
        if (!(value > 0 && value <= 100)) {
            throw new UsageException(String.format(Locale.ROOT, "%s must be above 0 and at most 100 %%, got %s", what, value));
        }
    }
}
