package io.mqprobe.search;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The one place that explains a step which failed on an outcome (p99 over the SLO, errors, a rate not delivered) with no
 * resource over its threshold: what held requests there, or, when the sustainable load lies far below the ceiling and
 * nothing measured explains it, that plainly. A step failed by a resource needs no explanation: that resource is it.
 *
 * <p>Causes, each named when present: a process whose CPU quota ran out in at least {@link #THROTTLED_SHARE} of its
 * periods; a JVM paused for GC at least {@link #GC_MS_PER_S} per second, or in its worst second for at least half the
 * SLO; a cap {@link CapInference} inferred from the ramp.
 */
final class LimitCause {

    /**
     * A throttled period stops every thread of the process until the next period starts (up to 100 ms by default).
     * When a quarter of the periods end that way, far more than the 1 % of requests a p99 looks at wait in one of them,
     * so the p99 is made of those stalls.
     */
    static final double THROTTLED_SHARE = 0.25;
    /**
     * Pauses of 5 % of wall time hold about 5 % of the requests for a pause, five times the 1 % a p99 looks at, and far
     * above the few milliseconds per second a broker's young collections take.
     */
    static final double GC_MS_PER_S = 50;
    /**
     * A sustainable load below this share of the ceiling is not queueing near saturation: at half the ceiling a queue's
     * wait is still about its service time (M/M/1: ρ/(1−ρ) = 1 at ρ = ½), so latency over the SLO there wants a cause.
     */
    static final double FAR_BELOW_CEILING = 0.5;

    private LimitCause() {
    }

    /**
     * "; broker-2 was throttled in 64 % of its CPU periods: its CPU limit stalls requests", "; no measured resource
     * explains it (...)", or "" when a resource failed the step or nothing needs saying.
     *
     * @param failing        the failing step as measured (its throttling and GC readings)
     * @param judged         the same step as it was judged (utilisations on the line through every paced step, or as measured)
     * @param caps           the caps inferred from the ramp, or none
     * @param sustainableRps the sustainable load the failure bounds, 0 when there is none
     * @param ceilingRps     the ceiling, or NaN when unknown
     */
    static String of(StepMeasurement failing, StepMeasurement judged, Thresholds t, List<CapInference.InferredCap> caps,
                     double sustainableRps, double ceilingRps) {
        if (ThresholdBreaches.resourceOver(judged, t)) {
            return "";
        }
        List<String> causes = new ArrayList<>();
        List<String> named = new ArrayList<>();
        failing.usages(Metric.CPU_THROTTLED_SHARE).stream().filter(share -> share.mean() >= THROTTLED_SHARE)
                .sorted(Comparator.comparingDouble(ResourceUsage::mean).reversed()).forEach(share -> {
                    causes.add(share.source() + " was throttled in " + HumanUnits.pct(100 * share.mean())
                            + " of its CPU periods: its CPU limit stalls " + held(share.source()));
                    named.add(share.source());
                });
        failing.usages(Metric.GC_MS_PER_S).stream().filter(gc -> longPauses(gc, t))
                .sorted(Comparator.comparingDouble(ResourceUsage::mean).reversed()).forEach(gc -> {
                    causes.add(gc.source() + " paused for GC " + HumanUnits.number(gc.mean()) + " ms per second (its worst second "
                            + HumanUnits.number(gc.peak()) + " ms): its pauses hold " + held(gc.source()));
                    named.add(gc.source());
                });
        caps.stream().filter(cap -> !named.contains(cap.source())).forEach(cap -> causes.add(cap.named()
                + " (from the ramp's flat steps): " + (Bottleneck.CPU.equals(cap.resource())
                ? "a CPU quota stalls requests in bursts, below its mean too" : "requests queue behind it")));
        if (!causes.isEmpty()) {
            return "; " + String.join("; ", causes);
        }
        if (!(sustainableRps < FAR_BELOW_CEILING * ceilingRps)) {
            return "";
        }
        return "; no measured resource explains it" + (sustainableRps > 0
                ? " (the sustainable load is " + HumanUnits.pct(100 * sustainableRps / ceilingRps) + " of the ceiling)" : "");
    }

    private static boolean longPauses(ResourceUsage gc, Thresholds t) {
        return gc.mean() >= GC_MS_PER_S || (t.judgesLatency() && gc.peak() >= t.sloP99Us() / 1000 / 2);
    }

    private static String held(String source) {
        return Sources.isLoadGenerator(source) ? "its sends (the latency is the load generator's own)" : "requests";
    }
}
