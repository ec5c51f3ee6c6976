package io.mqprobe.search;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Metric;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Lists where one step went over a threshold, worst first: CPU per broker and of the host (not the load generator's:
 * a busy client limits the measurement, not the cluster; the host's counts because brokers sharing it with the client
 * cannot use more of it — a caller judging isolated processes leaves the host out), iowait, NIC and disk as % of their
 * ceilings, under-replicated partitions (only when they appear or grow during the step: what the steps before left
 * is not this step's doing), p99 against the SLO and the error ratio. Means over the measured
 * window are judged, not peaks, because one sampling spike is not a load the cluster fails to sustain.
 */
final class ThresholdBreaches {

    private record Breach(String text, double overBy) {
    }

    private ThresholdBreaches() {
    }

    /** Metrics judged against a utilisation threshold (the load generator's CPU is not: see {@link #of}). */
    private static final java.util.Set<String> UTILISATION = java.util.Set.of(Metric.CPU_CORES, Metric.CPU_IOWAIT_PCT,
            Metric.NET_RX_BPS, Metric.NET_TX_BPS, Metric.DISK_WRITE_BPS, Metric.DISK_READ_BPS);

    /** A reading judged against a threshold that rises with the load: a utilisation, not a count of failures. */
    static boolean graded(ResourceUsage usage) {
        return UTILISATION.contains(usage.metric()) && !Bottleneck.loadGenerator(usage.source());
    }

    /** The mean at which a {@link #graded} reading goes over its threshold, in the reading's own unit; NaN without a capacity. */
    static double limit(ResourceUsage usage, Thresholds t) {
        return switch (usage.metric()) {
            case Metric.CPU_CORES -> t.cpuPct() / 100 * usage.capacity();
            case Metric.CPU_IOWAIT_PCT -> t.iowaitPct();
            case Metric.DISK_WRITE_BPS, Metric.DISK_READ_BPS -> t.diskPct() / 100 * usage.capacity();
            default -> t.nicPct() / 100 * usage.capacity();
        };
    }

    /** Breach descriptions ("broker-1 CPU 82 % > 75 %"), worst first; empty when the step stayed under every threshold. */
    static List<String> of(StepMeasurement step, Thresholds t) {
        List<Breach> breaches = new ArrayList<>();
        if (step.records() == 0) {
            breaches.add(new Breach("no records acknowledged", Double.MAX_VALUE));
        }
        for (ResourceUsage cpu : step.usages(Metric.CPU_CORES)) {
            // the load generator's CPU is not the cluster's load: a busy client says the measurement is
            // limited (see BottleneckFinder), not that brokers are over their limit
            if (!Bottleneck.loadGenerator(cpu.source())) {
                overPct(breaches, cpu.source() + " CPU", cpu.meanPct(), t.cpuPct(), "");
            }
        }
        for (ResourceUsage iowait : step.usages(Metric.CPU_IOWAIT_PCT)) {
            overPct(breaches, iowait.source() + " iowait", iowait.mean(), t.iowaitPct(), "");
        }
        ceilingShare(breaches, step, Metric.NET_RX_BPS, "NIC rx", t.nicPct());
        ceilingShare(breaches, step, Metric.NET_TX_BPS, "NIC tx", t.nicPct());
        ceilingShare(breaches, step, Metric.DISK_WRITE_BPS, "disk write", t.diskPct());
        ceilingShare(breaches, step, Metric.DISK_READ_BPS, "disk read", t.diskPct());
        for (ResourceUsage urp : step.usages(Metric.UNDER_REPLICATED)) {
            // partitions left under-replicated by the steps before are theirs, not this step's: only growth counts
            if (urp.mean() > 0 && (step.underReplicatedAtStart() == 0 || urp.peak() > step.underReplicatedAtStart())) {
                breaches.add(new Breach(urp.source() + " under-replicated partitions " + HumanUnits.number(urp.mean()) + " > 0",
                        1 + urp.mean()));
            }
        }
        double p99Us = step.p99Us();
        if (p99Us > t.sloP99Us()) {
            breaches.add(new Breach("p99 " + HumanUnits.latencyUs(p99Us) + " > SLO " + HumanUnits.latencyUs(t.sloP99Us()),
                    p99Us / t.sloP99Us()));
        }
        if (step.errorRatio() > t.maxErrorRatio()) {
            breaches.add(new Breach("errors " + HumanUnits.pct(100 * step.errorRatio()) + " > "
                    + HumanUnits.pct(100 * t.maxErrorRatio()), ratioOver(step.errorRatio(), t.maxErrorRatio())));
        }
        breaches.sort(Comparator.comparingDouble(Breach::overBy).reversed());
        return breaches.stream().map(Breach::text).toList();
    }

    private static void ceilingShare(List<Breach> breaches, StepMeasurement step, String metric, String what, double limitPct) {
        for (ResourceUsage usage : step.usages(metric)) {
            overPct(breaches, usage.source() + " " + what, usage.meanPct(), limitPct, " of ceiling");
        }
    }

    private static void overPct(List<Breach> breaches, String what, double pct, double limitPct, String suffix) {
        if (pct > limitPct) {
            breaches.add(new Breach(what + " " + HumanUnits.pct(pct) + " > " + HumanUnits.pct(limitPct) + suffix, pct / limitPct));
        }
    }

    private static double ratioOver(double value, double limit) {
        return limit > 0 ? value / limit : Double.MAX_VALUE / 2;
    }
}
