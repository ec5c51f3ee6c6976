package io.mqprobe.search;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The limits a probe judges its steps against: utilisation thresholds that bound the sustainable load, the
 * latency SLO, and the plateau rule that ends the ramp. All ranges are checked here, once.
 *
 * @param cpuPct         CPU busy as % of the cores available to each source, in (0, 100]; default 75
 * @param iowaitPct      iowait % of a host, in (0, 100]; default 40
 * @param nicPct         NIC traffic as % of the probed or configured NIC ceiling, in (0, 100]; default 80
 * @param diskPct        disk traffic as % of the probed disk ceiling, in (0, 100]; default 80
 * @param sloP99         p99 latency SLO (from the intended send time), positive; default 200 ms; {@code null} when latency
 *                       is recorded and not judged ({@link #withoutLatencyJudgement()}). result.json holds it as
 *                       {@code sloP99Ms}, a number of milliseconds, as it always did
 * @param plateauGainPct a step pays off when it adds at least this % of throughput, in (0, 100]; default 5
 * @param plateauSteps   consecutive steps that must not pay off to confirm a plateau, in [1, 10]; default 2
 * @param maxErrorRatio  failed sends over all sends above which a step fails, in [0, 1); default 0.001
 */
@JsonPropertyOrder({"cpuPct", "iowaitPct", "nicPct", "diskPct", "sloP99Ms", "plateauGainPct", "plateauSteps", "maxErrorRatio"})
public record Thresholds(double cpuPct, double iowaitPct, double nicPct, double diskPct, @JsonIgnore Duration sloP99,
                         double plateauGainPct, int plateauSteps, double maxErrorRatio) {

    /**
     * A process (a broker, or mqprobe itself) using this share of its cores or more is saturated; below it,
     * it still had room. The one threshold for "the client set the pace", in verdicts and single runs alike.
     */
    public static final double PROCESS_SATURATED_PCT = 85;
    /** The host's CPU at or above this, with no single process saturated, means brokers and client starve each other. */
    public static final double HOST_SATURATED_PCT = 90;
    /** Points below a saturation within which a CPU mean (or iowait) cannot be told from it (see BottleneckFinder). */
    public static final double TIE_MARGIN_PCT = 10;
    /**
     * A process whose CPU quota ran out in at least this share of its CFS periods, within {@link #TIE_MARGIN_PCT} points
     * of {@link #PROCESS_SATURATED_PCT}, is held back by its quota whatever the mean of its bursts (the runs behind it
     * are in BottleneckFinder).
     */
    public static final double QUOTA_BOUND_THROTTLED_SHARE = 0.35;

    /**
     * Whether a process at {@code meanPct} of its CPU limit was held back by it: at its saturation, or near it with its
     * quota running out in {@code throttledShare} of its periods ({@code null}: not known) often enough. The probe and
     * the soak call the same process saturated.
     */
    public static boolean processAtLimit(double meanPct, Double throttledShare) {
        return meanPct >= PROCESS_SATURATED_PCT || (throttledShare != null && throttledShare >= QUOTA_BOUND_THROTTLED_SHARE
                && meanPct >= PROCESS_SATURATED_PCT - TIE_MARGIN_PCT);
    }

    public Thresholds {
        requirePct("CPU threshold", cpuPct);
        requirePct("iowait threshold", iowaitPct);
        requirePct("NIC threshold", nicPct);
        requirePct("disk threshold", diskPct);
        requirePct("plateau gain", plateauGainPct);
        if (sloP99 != null && (sloP99.isNegative() || sloP99.isZero())) {
            throw new UsageException("p99 SLO must be positive, got " + sloP99.toMillis() + " ms");
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
        return new Thresholds(75, 40, 80, 80, Duration.ofMillis(200), 5, 2, 0.001);
    }

    /**
     * As result.json and spec files hold them: the SLO in milliseconds. A threshold a file leaves out (written before it
     * existed) is the method's default; an absent SLO is none.
     */
    @JsonCreator
    static Thresholds read(@JsonProperty("cpuPct") Double cpuPct, @JsonProperty("iowaitPct") Double iowaitPct,
                           @JsonProperty("nicPct") Double nicPct, @JsonProperty("diskPct") Double diskPct,
                           @JsonProperty("sloP99Ms") Double sloP99Ms, @JsonProperty("plateauGainPct") Double plateauGainPct,
                           @JsonProperty("plateauSteps") Integer plateauSteps, @JsonProperty("maxErrorRatio") Double maxErrorRatio) {
        Thresholds d = defaults();
        return new Thresholds(or(cpuPct, d.cpuPct), or(iowaitPct, d.iowaitPct), or(nicPct, d.nicPct), or(diskPct, d.diskPct),
                sloP99Ms == null ? null : Duration.ofNanos(Math.round(sloP99Ms * 1e6)), or(plateauGainPct, d.plateauGainPct),
                plateauSteps == null ? d.plateauSteps : plateauSteps, or(maxErrorRatio, d.maxErrorRatio));
    }

    private static double or(Double value, double otherwise) {
        return value == null ? otherwise : value;
    }

    /** The SLO in milliseconds, as result.json holds it; {@code null} when latency is not judged. */
    @JsonProperty("sloP99Ms")
    Double sloP99Ms() {
        return sloP99 == null ? null : sloP99.toNanos() / 1e6;
    }

    /** The same thresholds, but latency is recorded and not judged (no SLO, no latency-climb rule): unthrottled steps, whose latency is the producer's own queue. */
    public Thresholds withoutLatencyJudgement() {
        return withSloP99(null);
    }

    /** False for {@link #withoutLatencyJudgement()}. */
    public boolean judgesLatency() {
        return sloP99 != null;
    }

    /** The same thresholds with another p99 SLO (what {@code --slo-p99} changes). */
    public Thresholds withSloP99(Duration newSloP99) {
        return new Thresholds(cpuPct, iowaitPct, nicPct, diskPct, newSloP99, plateauGainPct, plateauSteps, maxErrorRatio);
    }

    /**
     * True when a broker's or host's utilisation (CPU, iowait, NIC or disk share) is at or over its threshold; false for
     * other metrics, for the load generator's readings and without a known capacity.
     */
    public boolean reached(ResourceUsage usage) {
        if (!ThresholdBreaches.graded(usage)) {
            return false;
        }
        OptionalDouble limit = ThresholdBreaches.limit(usage, this);
        return limit.isPresent() && usage.mean() >= limit.getAsDouble();
    }

    /** True when mqprobe's own process or a load worker's averaged at least {@link #PROCESS_SATURATED_PCT} of its cores. */
    public static boolean clientSaturated(List<ResourceUsage> resources) {
        return resources.stream().anyMatch(r -> Sources.isLoadGenerator(r.source()) && Metric.CPU_CORES.equals(r.metric())
                && r.meanAtLeastPct(PROCESS_SATURATED_PCT));
    }

    /** The SLO in µs, what step latencies are recorded in; beyond every latency when latency is not judged. */
    double sloP99Us() {
        return sloP99 == null ? Double.MAX_VALUE : sloP99.toNanos() / 1e3;
    }

    private static void requirePct(String what, double value) {
        if (!(value > 0 && value <= 100)) {
            throw new UsageException(String.format(Locale.ROOT, "%s must be above 0 and at most 100 %%, got %s", what, value));
        }
    }
}
