package io.mqprobe.search;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.stats.Estimate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Checks the scenarios of one probe against each other, where the method says how they must relate: one partition
 * cannot take more than the whole broker it sits on; leader-acknowledged traffic cannot be below all-replica
 * traffic on the same layout; a sustainable load far below its ceiling needs a resource over its threshold to
 * explain it. Each contradiction the intervals cannot explain becomes one flag, saying what was done about it. And
 * the scenarios must have run on the same machine: when the host's own CPU speed moved between them by more than
 * the precision the steps aim for, figures bound by CPU moved with it, and that is flagged too.
 */
public final class ConsistencyChecks {

    /** A sustainable load below this share of its ceiling needs a named resource over its threshold. */
    static final double LOW_SUSTAINABLE_SHARE = 0.05;
    /** Host CPU speeds further apart than this share (highest over lowest, less one) are flagged. */
    static final double HOST_SPEED_SPREAD = 0.10;
    private static final Pattern RESOURCE_BREACH = Pattern.compile(" CPU | iowait | NIC | disk ");
    private static final String NOT_REMEASURED = "; not re-measured: scenarios are compared after they ran, run them again to check";

    private ConsistencyChecks() {
    }

    /** The flags of a probe's scenarios; empty when they agree. */
    public static List<String> of(List<ScenarioOutcome> outcomes) {
        List<ScenarioOutcome> measured = outcomes.stream().filter(ScenarioOutcome::measured).toList();
        List<String> flags = new ArrayList<>();
        Optional<ScenarioOutcome> onePartition = measured.stream().filter(o -> o.partitions() == 1 && o.replicationFactor() == 1).findFirst();
        Optional<ScenarioOutcome> oneBroker = measured.stream().filter(o -> o.brokerPinned() && o.partitions() != 1).findFirst();
        if (onePartition.isPresent() && oneBroker.isPresent() && above(onePartition.get(), oneBroker.get())) {
            flags.add("single partition above its broker's ceiling: " + ceiling(onePartition.get()) + " > " + ceiling(oneBroker.get())
                    + NOT_REMEASURED);
        }
        Optional<ScenarioOutcome> leaders = measured.stream().filter(o -> o.replicationFactor() > 1 && !o.durable()).findFirst();
        Optional<ScenarioOutcome> allReplicas = measured.stream().filter(o -> o.replicationFactor() > 1 && o.durable()).findFirst();
        if (leaders.isPresent() && allReplicas.isPresent() && above(allReplicas.get(), leaders.get())) {
            flags.add("leader-acknowledged below all-replicas-acknowledged: " + ceiling(leaders.get()) + " < " + ceiling(allReplicas.get())
                    + NOT_REMEASURED);
        }
        for (ScenarioOutcome o : measured) {
            SustainablePoint s = o.verdict().sustainable();
            StepPoint ceiling = o.verdict().ceiling();
            if (s != null && s.recordsPerSecond() < LOW_SUSTAINABLE_SHARE * ceiling.recordsPerSecond()
                    && !RESOURCE_BREACH.matcher(" " + s.limitedBy() + " ").find()) {
                flags.add(o.name() + ": sustainable load " + HumanUnits.msgsPerSecond(s.recordsPerSecond()) + " is "
                        + HumanUnits.pct(100 * s.recordsPerSecond() / ceiling.recordsPerSecond()) + " of its ceiling with no"
                        + " resource over its threshold at the failing rate (" + s.limitedBy() + ")"
                        + (s.limitedBy().contains("measured ") ? "; re-measured by the search, failed again" : "; not re-measured"));
            }
        }
        hostSpeedSpread(measured).ifPresent(flags::add);
        return flags;
    }

    private static Optional<String> hostSpeedSpread(List<ScenarioOutcome> measured) {
        List<ScenarioOutcome> timed = measured.stream().filter(o -> !Double.isNaN(o.hostCpuSpeed())).toList();
        Optional<ScenarioOutcome> slowest = timed.stream().min(Comparator.comparingDouble(ScenarioOutcome::hostCpuSpeed));
        Optional<ScenarioOutcome> fastest = timed.stream().max(Comparator.comparingDouble(ScenarioOutcome::hostCpuSpeed));
        if (slowest.isEmpty() || fastest.get().hostCpuSpeed() <= (1 + HOST_SPEED_SPREAD) * slowest.get().hostCpuSpeed()) {
            return Optional.empty();
        }
        return Optional.of("host CPU speed moved " + HumanUnits.pct(100 * (fastest.get().hostCpuSpeed() / slowest.get().hostCpuSpeed() - 1))
                + " between scenarios (" + speed(slowest.get()) + ", " + speed(fastest.get()) + " of SHA-256 per CPU-second):"
                + " figures bound by CPU move with it, here and from one run to the next; not re-measured: the host's"
                + " speed is not mqprobe's to set, compare runs at like speed (each step's host " + Metric.CPU_SPEED_MB_PER_CPU_S + ")");
    }

    private static String speed(ScenarioOutcome o) {
        return o.name() + " " + HumanUnits.mbPerSecond(o.hostCpuSpeed() * 1e6).replace("/s", "");
    }

    /** True when {@code a}'s ceiling is above {@code b}'s and their intervals do not overlap. */
    private static boolean above(ScenarioOutcome a, ScenarioOutcome b) {
        StepPoint ca = a.verdict().ceiling();
        StepPoint cb = b.verdict().ceiling();
        return ca.recordsPerSecond() > cb.recordsPerSecond() && !interval(ca).overlaps(interval(cb));
    }

    private static Estimate interval(StepPoint p) {
        return p.interval() == null ? Estimate.exact(p.recordsPerSecond()) : p.interval();
    }

    private static String ceiling(ScenarioOutcome o) {
        StepPoint c = o.verdict().ceiling();
        String precision = c.precision();
        return o.name() + " " + HumanUnits.mbPerSecond(c.bytesPerSecond()) + (precision.isEmpty() ? "" : " " + precision);
    }
}
