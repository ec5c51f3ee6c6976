package io.mqprobe.search;

import io.mqprobe.api.units.HumanUnits;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Writes the cross-scenario capacity summary the way practitioners state it. The headline is
 * {@code RF × n MB/s}: n is the ceiling of business traffic of the durable scenario (replicated, all replicas acknowledge),
 * falling back to the replicated leader-acknowledged scenario, then to the best single-replica one, each fallback with a
 * note saying why. MB is 10^6 bytes, as the field writes capacity.
 */
public final class CapacitySummarizer {

    private CapacitySummarizer() {
    }

    /**
     * @param outcomes every scenario of the probe, skipped ones included, in run order
     * @param brokers  brokers in the target cluster, at least 1
     */
    public static CapacitySummary summarize(List<ScenarioOutcome> outcomes, int brokers) {
        if (brokers < 1) {
            throw new IllegalArgumentException("a cluster has at least 1 broker, got " + brokers);
        }
        List<ScenarioOutcome> measured = outcomes.stream().filter(ScenarioOutcome::measured).toList();
        Optional<ScenarioOutcome> durable = highestCeiling(measured, o -> o.replicationFactor() > 1 && o.durable());
        Optional<ScenarioOutcome> leaders = highestCeiling(measured, o -> o.replicationFactor() > 1 && !o.durable());
        Optional<ScenarioOutcome> singleReplica = highestCeiling(measured, o -> o.replicationFactor() == 1);
        // a broker's ceiling is the scenario that loads all of one broker's partitions, not a single partition on it
        Optional<ScenarioOutcome> perBroker = highestCeiling(measured, o -> (o.brokerPinned() && o.partitions() != 1) || brokers == 1);
        Optional<ScenarioOutcome> headlineSource = durable.or(() -> leaders).or(() -> singleReplica);

        List<String> lines = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        lines.add("capacity is written replication factor × business traffic; MB = 10^6 bytes, as the field writes it");
        String headline = headlineSource.map(o -> o.replicationFactor() + " × " + HumanUnits.mbPerSecond(ceilingBytes(o)))
                .orElse("no capacity measured");
        headlineSource.ifPresent(o -> lines.add("cluster capacity " + headline + ": " + rates(o.verdict().ceiling())
                + " of business traffic, " + HumanUnits.mbPerSecond(o.replicationFactor() * ceilingBytes(o))
                + " written with replicas (" + o.name() + ", RF " + o.replicationFactor() + ", " + o.durability().id() + ")"));
        perBroker.ifPresent(o -> lines.add("per-broker ceiling " + rates(o.verdict().ceiling()) + " (" + o.name() + ")"));
        durable.ifPresent(o -> lines.add("durable floor (all-replicas) " + rates(o.verdict().ceiling()) + " (" + o.name() + ")"));
        leaders.ifPresent(o -> lines.add("peak business traffic (" + o.durability().id() + "-acknowledged) " + rates(o.verdict().ceiling())
                + " (" + o.name() + "; followers may lag behind it)"));
        headlineSource.ifPresent(o -> lines.add(sustainableLine(o)));
        for (ScenarioOutcome o : outcomes) {
            if (o.measured()) {
                lines.add(scenarioLine(o));
            } else if (o.skipped() != null) {
                notes.add(o.name() + " skipped: " + o.skipped());
            }
        }

        if (headlineSource.isEmpty()) {
            notes.add("no scenario measured a step, so there is no capacity to state");
        } else if (durable.isEmpty() && leaders.isEmpty()) {
            notes.add((brokers == 1 ? "replicated scenarios skipped: target has 1 broker" : "no replicated scenario ran")
                    + ", so the headline is the single-replica ceiling, not durable capacity");
        } else if (durable.isEmpty()) {
            notes.add("no all-replicas scenario ran: the headline is leader-acknowledged traffic, which followers may not keep up with");
        }
        List<String> clientLimited = measured.stream()
                .filter(o -> o.verdict().bottleneck() != null && o.verdict().bottleneck().loadGeneratorAmongLimits())
                .map(ScenarioOutcome::name).toList();
        if (!clientLimited.isEmpty()) {
            notes.add("mqprobe itself was the limit in " + String.join(", ", clientLimited)
                    + ": the cluster can take more, these figures are lower bounds (add load generators)");
        }
        List<String> sharedCpu = namesWith(measured, Bottleneck.SHARED_CPU);
        if (!sharedCpu.isEmpty()) {
            notes.add("brokers and mqprobe shared one host's CPUs in " + String.join(", ", sharedCpu)
                    + ": figures are lower bounds of what the cluster alone can take");
        }
        return new CapacitySummary(headline, lines, !clientLimited.isEmpty(), notes, ConsistencyChecks.of(outcomes));
    }

    /**
     * The same summary written the way RocketMQ users write capacity: TPS (messages per second) a master takes,
     * and the "most suitable maximum load" — the highest TPS at which every resource stayed under its threshold —
     * rather than {@code RF × MB/s} (RocketMQ replicates per broker group, not per topic).
     */
    public static CapacitySummary summarizeAsTps(List<ScenarioOutcome> outcomes, int brokers) {
        CapacitySummary bytes = summarize(outcomes, brokers);
        List<ScenarioOutcome> measured = outcomes.stream().filter(ScenarioOutcome::measured).toList();
        Optional<ScenarioOutcome> best = highestCeiling(measured, o -> true);
        if (best.isEmpty()) {
            return bytes;
        }
        ScenarioOutcome o = best.get();
        SustainablePoint sustainable = o.verdict().sustainable();
        String headline = HumanUnits.msgsPerSecond(o.verdict().ceiling().recordsPerSecond()).replace("msgs/s", "TPS")
                + " per master" + (sustainable == null ? ""
                : ", most suitable maximum load " + HumanUnits.msgsPerSecond(sustainable.recordsPerSecond()).replace("msgs/s", "TPS"));
        List<String> lines = new ArrayList<>();
        lines.add("capacity is written as RocketMQ users write it: messages per second (TPS) a master stores, and the most "
                + "suitable maximum load, the highest TPS with every resource under its threshold (" + o.name() + ")");
        lines.addAll(bytes.lines().subList(1, bytes.lines().size()));
        return new CapacitySummary(headline, lines, bytes.clientLimited(), bytes.notes(), bytes.consistency());
    }

    private static Optional<ScenarioOutcome> highestCeiling(List<ScenarioOutcome> measured, Predicate<ScenarioOutcome> which) {
        return measured.stream().filter(which).max(Comparator.comparingDouble(CapacitySummarizer::ceilingBytes));
    }

    private static double ceilingBytes(ScenarioOutcome o) {
        return o.verdict().ceiling().bytesPerSecond();
    }

    private static String rates(StepPoint point) {
        return HumanUnits.mbPerSecond(point.bytesPerSecond()) + ", " + HumanUnits.msgsPerSecond(point.recordsPerSecond());
    }

    private static String sustainableLine(ScenarioOutcome o) {
        SustainablePoint s = o.verdict().sustainable();
        if (s == null) {
            return "sustainable load: none, already the first step of " + o.name() + " went over a threshold";
        }
        return "sustainable load " + HumanUnits.mbPerSecond(s.bytesPerSecond()) + ", " + HumanUnits.msgsPerSecond(s.recordsPerSecond())
                + " (" + o.name() + "; limited by " + s.limitedBy() + ")";
    }

    private static String scenarioLine(ScenarioOutcome o) {
        ScenarioVerdict v = o.verdict();
        StringBuilder line = new StringBuilder(o.name()).append(": ceiling ").append(rates(v.ceiling()))
                .append(halfWidth(v.ceiling().interval()));
        line.append(v.knee() == null ? ", no knee" : ", knee at step " + v.knee().step() + halfWidth(v.knee().interval()));
        line.append(v.sustainable() == null ? ", no sustainable step"
                : ", sustainable " + HumanUnits.mbPerSecond(v.sustainable().bytesPerSecond()) + halfWidth(v.sustainable().interval()));
        if (v.bottleneck() != null) {
            line.append("; bottleneck ").append(v.bottleneck().resource());
            if (v.bottleneck().source() != null) {
                line.append(" (").append(v.bottleneck().source()).append(")");
            }
        }
        return line.toString();
    }

    /** " ±4.2 %" (the 95 % interval; the readings are in the scenario's own lines), or "" without one. */
    private static String halfWidth(io.mqprobe.api.stats.Estimate interval) {
        String width = Precision.halfWidth(interval);
        return width.isEmpty() ? "" : " " + width;
    }

    private static List<String> namesWith(List<ScenarioOutcome> measured, String resource) {
        return measured.stream().filter(o -> o.verdict().bottleneck() != null && resource.equals(o.verdict().bottleneck().resource()))
                .map(ScenarioOutcome::name).toList();
    }
}
