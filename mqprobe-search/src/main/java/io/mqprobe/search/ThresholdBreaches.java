package io.mqprobe.search;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * Lists where one step went over a threshold, worst first: CPU per broker and of the host (not the load generator's:
 * a busy client limits the measurement, not the cluster; the host's counts because brokers sharing it with the client
 * cannot use more of it — a caller judging isolated processes leaves the host out), iowait, NIC and disk as % of their
 * ceilings, under-replicated partitions (only when they appear or grow during the step: what the steps before left
 * is not this step's doing), p99 against the SLO and the error ratio. Means over the measured
 * window are judged, not peaks, because one sampling spike is not a load the cluster fails to sustain.
 */
final class ThresholdBreaches {

    /** @param resource a utilisation or replication over its threshold, not an outcome (latency, errors, nothing acknowledged) */
    private record Breach(String text, double overBy, boolean resource) {
    }

    private ThresholdBreaches() {
    }

    /**
     * A utilisation judged against a threshold: its metric, its threshold in %, whether a reading is a share of a
     * capacity (cores, the measured ceiling) or a % itself (iowait), and how a breach of it reads.
     */
    private record Utilisation(String metric, ToDoubleFunction<Thresholds> thresholdPct, boolean shareOfCapacity, String what,
                               String suffix) {

        /** The reading's mean in %, as its threshold is given; empty without a capacity. */
        OptionalDouble pct(ResourceUsage usage) {
            return shareOfCapacity ? usage.meanPct() : OptionalDouble.of(usage.mean());
        }
    }

    /** Utilisations in the order their breaches are listed when equally far over. */
    private static final List<Utilisation> UTILISATIONS = List.of(
            new Utilisation(Metric.CPU_CORES, Thresholds::cpuPct, true, "CPU", ""),
            new Utilisation(Metric.CPU_IOWAIT_PCT, Thresholds::iowaitPct, false, "iowait", ""),
            new Utilisation(Metric.NET_RX_BPS, Thresholds::nicPct, true, "NIC rx", " of ceiling"),
            new Utilisation(Metric.NET_TX_BPS, Thresholds::nicPct, true, "NIC tx", " of ceiling"),
            new Utilisation(Metric.DISK_WRITE_BPS, Thresholds::diskPct, true, "disk write", " of ceiling"),
            new Utilisation(Metric.DISK_READ_BPS, Thresholds::diskPct, true, "disk read", " of ceiling"));

    private static Optional<Utilisation> utilisation(String metric) {
        return UTILISATIONS.stream().filter(u -> u.metric().equals(metric)).findFirst();
    }

    /**
     * A reading judged against a threshold that rises with the load: a utilisation, not a count of failures; never
     * the load generator's (a busy client says the measurement is limited, see BottleneckFinder, not that brokers are
     * over their limit).
     */
    static boolean graded(ResourceUsage usage) {
        return utilisation(usage.metric()).isPresent() && !Sources.isLoadGenerator(usage.source());
    }

    /** A {@link #graded} reading's name as its breach reads: "broker-1 CPU". */
    static String name(ResourceUsage usage) {
        return usage.source() + " " + utilisation(usage.metric()).orElseThrow().what();
    }

    /** A value in a {@link #graded} reading's own unit as % of what its threshold is a share of; empty without a capacity. */
    static OptionalDouble pct(ResourceUsage usage, double value) {
        if (!utilisation(usage.metric()).orElseThrow().shareOfCapacity()) {
            return OptionalDouble.of(value);
        }
        return usage.hasCapacity() && usage.capacity().getAsDouble() > 0
                ? OptionalDouble.of(100 * value / usage.capacity().getAsDouble()) : OptionalDouble.empty();
    }

    /** The mean at which a {@link #graded} reading goes over its threshold, in the reading's own unit; empty without a capacity. */
    static OptionalDouble limit(ResourceUsage usage, Thresholds t) {
        Utilisation u = utilisation(usage.metric()).orElseThrow();
        double pct = u.thresholdPct().applyAsDouble(t);
        if (!u.shareOfCapacity()) {
            return OptionalDouble.of(pct);
        }
        return usage.hasCapacity() ? OptionalDouble.of(pct / 100 * usage.capacity().getAsDouble()) : OptionalDouble.empty();
    }

    /** Breach descriptions ("broker-1 CPU 82 % > 75 %"), worst first; empty when the step stayed under every threshold. */
    static List<String> of(StepMeasurement step, Thresholds t) {
        return breaches(step, t).stream().map(Breach::text).toList();
    }

    /**
     * True when a utilisation or under-replication went over its threshold at {@code step}: a resource, not an outcome
     * (latency, errors), failed it, and that resource is the step's explanation.
     */
    static boolean resourceOver(StepMeasurement step, Thresholds t) {
        return breaches(step, t).stream().anyMatch(Breach::resource);
    }

    private static List<Breach> breaches(StepMeasurement step, Thresholds t) {
        List<Breach> breaches = new ArrayList<>();
        if (step.records() == 0) {
            breaches.add(new Breach("no records acknowledged", Double.MAX_VALUE, false));
        }
        for (Utilisation u : UTILISATIONS) {
            for (ResourceUsage usage : step.usages(u.metric())) {
                if (!Sources.isLoadGenerator(usage.source())) {
                    u.pct(usage).ifPresent(pct -> overPct(breaches, usage.source() + " " + u.what(), pct,
                            u.thresholdPct().applyAsDouble(t), u.suffix()));
                }
            }
        }
        for (ResourceUsage urp : step.usages(Metric.UNDER_REPLICATED)) {
            // partitions left under-replicated by the steps before are theirs, not this step's: only growth counts
            if (urp.mean() > 0 && (step.underReplicatedAtStart() == 0 || urp.peak() > step.underReplicatedAtStart())) {
                breaches.add(new Breach(urp.source() + " under-replicated partitions " + HumanUnits.number(urp.mean()) + " > 0",
                        1 + urp.mean(), true));
            }
        }
        double p99Us = step.p99Us();
        if (p99Us > t.sloP99Us()) {
            breaches.add(new Breach("p99 " + HumanUnits.latencyOver(p99Us, t.sloP99Us()) + " > SLO " + HumanUnits.latencyUs(t.sloP99Us()),
                    p99Us / t.sloP99Us(), false));
        }
        if (step.errorRatio() > t.maxErrorRatio()) {
            breaches.add(new Breach("errors " + HumanUnits.pct(100 * step.errorRatio()) + " > "
                    + HumanUnits.pct(100 * t.maxErrorRatio()), ratioOver(step.errorRatio(), t.maxErrorRatio()), false));
        }
        breaches.sort(Comparator.comparingDouble(Breach::overBy).reversed());
        return breaches;
    }

    private static void overPct(List<Breach> breaches, String what, double pct, double limitPct, String suffix) {
        if (pct > limitPct) {
            breaches.add(new Breach(what + " " + HumanUnits.over(pct, limitPct, HumanUnits::pct, "%", 1) + " > " + HumanUnits.pct(limitPct)
                    + suffix, pct / limitPct, true));
        }
    }

    private static double ratioOver(double value, double limit) {
        return limit > 0 ? value / limit : Double.MAX_VALUE / 2;
    }
}
