package io.mqprobe.search;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.api.stats.Estimate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Checks the scenarios of one probe against each other, where the method says how they must relate: one partition
 * cannot take more than the whole broker it sits on; leader-acknowledged traffic cannot be below all-replica
 * traffic on the same layout; a sustainable load far below its ceiling needs a resource over its threshold to
 * explain it. Each contradiction the intervals cannot explain becomes one flag, saying what was done about it.
 */
public final class ConsistencyChecks {

    /** A sustainable load below this share of its ceiling needs a named resource over its threshold. */
    static final double LOW_SUSTAINABLE_SHARE = 0.05;
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
        return flags;
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
