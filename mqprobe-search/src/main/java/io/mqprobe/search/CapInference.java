package io.mqprobe.search;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Infers a limit nobody reports (a container CPU limit the JVM rounds up to a whole core, a disk throttle, a shaped
 * link) from a broker resource that holds one level while the offered load rises and the cluster's throughput does not.
 *
 * <p>When throughput is flat, every broker's CPU is flat, so flatness alone cannot pick the capped one. What can is
 * what a cap does to each second: a capped process cannot read above its cap in any second, so its busiest second sits
 * on its step mean, step after step, at one level; a process with room follows its work second by second, and a
 * broker's work is not smooth (collections, segment rolls, fetch batches), so its busiest second stands above its mean.
 * A resource of a broker ({@code broker-*}) is inferred capped over the ramp's flat steps ({@link RampEnd#flat()}, all
 * unthrottled) when:
 * <ol>
 *   <li>the offered load rose: the last flat step ran at least {@link #MIN_LOAD_GROWTH}× the first one's clients;</li>
 *   <li>its step means lie within {@link Thresholds#plateauGainPct()} of their average (for a CPU, at least
 *       {@link #CPU_TICK_CORES} apart is allowed): the ramp's own measure of "no gain";</li>
 *   <li>in every flat step its peak stays within {@link #PEAK_OVER_MEAN} of its mean (for a CPU, within one
 *       {@link #CPU_TICK_CORES} when that is more): the test that tells the capped broker from the others;</li>
 *   <li>its level is worth reading: at least {@link #MIN_CPU_CORES} cores or {@link #MIN_BYTES_PER_S}.</li>
 * </ol>
 * Not inferred when any flat step had the host's CPU saturated ({@link BottleneckFinder#HOST_SATURATED_PCT}) or the
 * load generator saturated (either holds every process flat, capped or not), nor on a broker whose CPU limit is read
 * ({@link Metric#CPU_LIMIT_CORES}): its CPU is judged against that limit, and a cap "not read directly" would contradict it.
 * A disk write or NIC cap is looked for only when no CPU cap is inferred (a capped CPU holds its broker's traffic, and
 * every broker's, flat and steady), on a broker whose CPU is not pinned, and only when that broker is the one pinned on
 * that metric (for a NIC, beside at least one other broker reporting it): traffic steady on every broker is the
 * throughput's steadiness, not one link's cap.
 */
final class CapInference {

    /**
     * Clients at the last flat step over the first at least this: the producers offered half again what the first step
     * took. Less, and a flat pair of steps may be nearly the same offered load (10 and 11 clients), where a flat CPU
     * says nothing about a cap.
     */
    static final double MIN_LOAD_GROWTH = 1.5;
    /**
     * The most a capped reading's peak may stand above its mean, as a share of the mean. A CFS quota is granted per period
     * (100 ms by default), and a one-second reading can straddle eleven periods' grants: up to a tenth above the cap.
     * Measured on a plain Kafka 4.1.1 broker capped at 0.4 cores after start (JDK 25, invisible to its JVM), its CPU read
     * over JMX and timed by the broker's uptime: busiest seconds 2.3-4.5 % above the step means, the uncapped brokers'
     * 20-30 % above theirs (bench/external-kafka.sh, docs/hidden-limits.md).
     */
    static final double PEAK_OVER_MEAN = 0.10;
    /** A CPU reading's resolution: one clock tick (10 ms) per second of wall time. */
    static final double CPU_TICK_CORES = 0.01;
    /** Below this a JVM's own housekeeping is all there is to read, and one clock tick is a fifth of the reading. */
    static final double MIN_CPU_CORES = 0.05;
    /** Below this a broker's traffic is its own housekeeping (metadata, heartbeats, index flushes), not the load's. */
    static final double MIN_BYTES_PER_S = 1024 * 1024;

    /** Disk writes first: they leave a broker in page-cache flushes, bursty unless something throttles them. */
    private static final List<String> TRAFFIC = List.of(Metric.DISK_WRITE_BPS, Metric.NET_RX_BPS, Metric.NET_TX_BPS);

    /**
     * A cap inferred on one broker resource.
     *
     * @param resource    {@link Bottleneck#CPU}, {@link Bottleneck#DISK} or {@link Bottleneck#NIC}
     * @param capEstimate the highest reading over the flat steps, in the metric's unit: where the cap lies
     * @param line        the finding in words, the deciding evidence ("broker-2's CPU held at 0.39 ± 0.01 cores ...")
     * @param peaks       the per-second evidence that tells it from the other brokers
     */
    record InferredCap(String source, String resource, String metric, double capEstimate, String line, String peaks) {

        /** "broker-2's inferred CPU cap near 0.4 cores". */
        String named() {
            return source + "'s inferred " + label(metric) + " cap near " + amount(metric, capEstimate);
        }
    }

    private CapInference() {
    }

    /** The caps inferred over {@code flat} by the rule above, in source order; empty when none is. */
    static List<InferredCap> find(List<StepMeasurement> flat, Thresholds t) {
        if (!loadRose(flat) || flat.stream().anyMatch(CapInference::outOfCores)) {
            return List.of();
        }
        Map<String, List<ResourceUsage>> cpus = perBroker(flat, Metric.CPU_CORES);
        List<String> pinnedCpus = cpus.entrySet().stream()
                .filter(e -> pinned(e.getValue(), t, CPU_TICK_CORES, MIN_CPU_CORES)).map(Map.Entry::getKey).toList();
        List<InferredCap> caps = new ArrayList<>();
        pinnedCpus.stream().filter(source -> !limitRead(flat, source))
                .forEach(source -> caps.add(cap(flat, source, Metric.CPU_CORES, Bottleneck.CPU, cpus)));
        if (!caps.isEmpty()) {
            return caps;
        }
        Map<String, InferredCap> traffic = new LinkedHashMap<>();
        for (String metric : TRAFFIC) {
            Map<String, List<ResourceUsage>> readings = perBroker(flat, metric);
            List<String> pinned = readings.entrySet().stream()
                    .filter(e -> pinned(e.getValue(), t, 0, MIN_BYTES_PER_S)).map(Map.Entry::getKey).toList();
            boolean standsOut = pinned.size() == 1 && !pinnedCpus.contains(pinned.get(0))
                    && (Metric.DISK_WRITE_BPS.equals(metric) || readings.size() > 1);
            if (standsOut) {
                String resource = Metric.DISK_WRITE_BPS.equals(metric) ? Bottleneck.DISK : Bottleneck.NIC;
                traffic.putIfAbsent(pinned.get(0), cap(flat, pinned.get(0), metric, resource, readings));
            }
        }
        return List.copyOf(traffic.values());
    }

    private static boolean loadRose(List<StepMeasurement> flat) {
        if (flat.size() < 2 || flat.stream().anyMatch(s -> s.targetRecordsPerSecond() != null)) {
            return false;
        }
        int first = flat.get(0).clients();
        return first > 0 && flat.get(flat.size() - 1).clients() >= MIN_LOAD_GROWTH * first;
    }

    private static boolean outOfCores(StepMeasurement step) {
        boolean hostFull = step.usage("host", Metric.CPU_CORES)
                .filter(host -> host.meanAtLeastPct(BottleneckFinder.HOST_SATURATED_PCT)).isPresent();
        return hostFull || Thresholds.clientSaturated(step.resources());
    }

    private static boolean limitRead(List<StepMeasurement> flat, String source) {
        return flat.stream().anyMatch(s -> s.usage(source, Metric.CPU_LIMIT_CORES).isPresent());
    }

    /** Each broker's readings of {@code metric}, one per flat step; brokers missing from a step are left out. */
    private static Map<String, List<ResourceUsage>> perBroker(List<StepMeasurement> flat, String metric) {
        Map<String, List<ResourceUsage>> bySource = new TreeMap<>();
        flat.forEach(step -> step.usages(metric).stream().filter(u -> Sources.isBroker(u.source()))
                .forEach(u -> bySource.computeIfAbsent(u.source(), s -> new ArrayList<>()).add(u)));
        bySource.values().removeIf(readings -> readings.size() != flat.size());
        return bySource;
    }

    /** Rules 2 to 4: one level over the steps, each step's peak on its mean, a level worth reading. */
    private static boolean pinned(List<ResourceUsage> readings, Thresholds t, double tick, double floor) {
        if (readings.stream().anyMatch(u -> !Double.isFinite(u.mean()) || !Double.isFinite(u.peak()))) {
            return false;
        }
        double level = level(readings);
        double spread = max(readings) - min(readings);
        return level >= floor && spread <= Math.max(t.plateauGainPct() / 100 * level, tick)
                && readings.stream().allMatch(u -> u.peak() - u.mean() <= Math.max(PEAK_OVER_MEAN * u.mean(), tick));
    }

    private static InferredCap cap(List<StepMeasurement> flat, String source, String metric, String resource,
                                   Map<String, List<ResourceUsage>> allBrokers) {
        List<ResourceUsage> readings = allBrokers.get(source);
        double level = level(readings);
        double capEstimate = readings.stream().mapToDouble(ResourceUsage::peak).max().orElse(level);
        StepMeasurement first = flat.get(0);
        StepMeasurement last = flat.get(flat.size() - 1);
        String line = String.format(Locale.ROOT, "%s's %s held at %s over %s while the offered load rose %.1f× (%d to %d clients)",
                source, label(metric), held(metric, readings), Evidence.steps(flat), (double) last.clients() / first.clients(),
                first.clients(), last.clients())
                + belowCeiling(readings.get(0)) + ": a " + label(metric) + " cap near " + amount(metric, capEstimate)
                + " (" + causes(metric) + "), inferred, not read directly";
        List<String> others = allBrokers.entrySet().stream().filter(e -> !e.getKey().equals(source))
                .map(e -> e.getKey() + " up to " + HumanUnits.pct(peakExcessPct(e.getValue()))).toList();
        String peaks = source + "'s busiest second stayed within " + HumanUnits.pct(peakExcessPct(readings))
                + " of its step's mean in each of " + Evidence.steps(flat)
                + (others.isEmpty() ? "" : " (" + String.join(", ", others) + ")") + ": readings that never rise above one level";
        return new InferredCap(source, resource, metric, capEstimate, line, peaks);
    }

    /** "0.39 ± 0.01 cores", "3.0 MB/s ± 0.5 %": the level and half the spread of the step means. */
    private static String held(String metric, List<ResourceUsage> readings) {
        double level = level(readings);
        double halfSpread = (max(readings) - min(readings)) / 2;
        if (Metric.CPU_CORES.equals(metric)) {
            return String.format(Locale.ROOT, "%.2f ± %.2f cores", level, Math.max(halfSpread, CPU_TICK_CORES));
        }
        return HumanUnits.rate(level) + " ± " + HumanUnits.pct(100 * halfSpread / level);
    }

    private static String belowCeiling(ResourceUsage reading) {
        return reading.hasCapacity() && !Metric.CPU_CORES.equals(reading.metric())
                ? ", below its ceiling of " + HumanUnits.rate(reading.capacity().getAsDouble()) : "";
    }

    private static String label(String metric) {
        return switch (metric) {
            case Metric.CPU_CORES -> "CPU";
            case Metric.DISK_WRITE_BPS -> "disk write";
            default -> "NIC";
        };
    }

    private static String amount(String metric, double value) {
        return Metric.CPU_CORES.equals(metric) ? HumanUnits.number(value) + " cores" : HumanUnits.rate(value);
    }

    private static String causes(String metric) {
        return switch (metric) {
            case Metric.CPU_CORES -> "container limit, cgroup, CPU steal";
            case Metric.DISK_WRITE_BPS -> "io.max or blkio throttle, a cloud volume's limit";
            default -> "traffic shaping, a cloud instance's bandwidth allowance";
        };
    }

    private static double peakExcessPct(List<ResourceUsage> readings) {
        return readings.stream().mapToDouble(u -> u.mean() > 0 ? 100 * (u.peak() - u.mean()) / u.mean() : 0).max().orElse(0);
    }

    // a source's readings are one per step of a flat stretch: never none

    private static double level(List<ResourceUsage> readings) {
        return readings.stream().mapToDouble(ResourceUsage::mean).average().orElseThrow();
    }

    private static double max(List<ResourceUsage> readings) {
        return readings.stream().mapToDouble(ResourceUsage::mean).max().orElseThrow();
    }

    private static double min(List<ResourceUsage> readings) {
        return readings.stream().mapToDouble(ResourceUsage::mean).min().orElseThrow();
    }
}
