package io.mqprobe.plan;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.plan.MeasuredCapacity.Basis;
import io.mqprobe.plan.MeasuredCapacity.PartitionLimit;
import io.mqprobe.scenario.CapacityUnit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Turns measured capacity and a business load into a plan: nodes, partitions, disk and NIC per node, and the limit
 * that runs out first as the load grows. Every figure rests on the *sustainable* load (never the ceiling) with the
 * headroom left free, and carries its arithmetic.
 */
public final class Planner {

    /** Kafka's guidance for partition replicas per broker (KIP-578); more slows controller fail-over and recovery. */
    static final int REPLICAS_PER_BROKER = 4000;

    private Planner() {
    }

    /** How long {@code unit}'s system keeps messages by default: the retention a plan assumes when none is asked. */
    public static java.time.Duration defaultRetention(CapacityUnit unit) {
        return ClusterShape.of(unit).defaultRetention();
    }

    /** The plan on every measurement that can carry one, the refusals of the others, and the cheapest size. */
    public static CapacityPlan plan(BusinessLoad load, List<MeasuredCapacity> measured, List<String> refusedOnReading,
                                    boolean acceptLowerBound) {
        List<SizedPlan> plans = new ArrayList<>();
        List<String> refused = new ArrayList<>(refusedOnReading);
        for (MeasuredCapacity m : measured) {
            try {
                plans.add(plan(load, m, acceptLowerBound));
            } catch (PlanRefusal e) {
                refused.add(e.getMessage());
            }
        }
        return new CapacityPlan(CapacityPlan.SCHEMA, load, plans, refused, cheapest(plans));
    }

    /**
     * @throws PlanRefusal when the measurement's sustainable load is only a lower bound and that is not accepted
     */
    public static SizedPlan plan(BusinessLoad load, MeasuredCapacity m, boolean acceptLowerBound) {
        Basis basis = m.basis();
        if (basis.lowerBound() != null && !acceptLowerBound) {
            throw new PlanRefusal(m.label() + ": the sustainable load of " + basis.scenario() + " is only a lower bound ("
                    + basis.lowerBound() + "); a plan on it would buy more than needed (probe again with more "
                    + "load-generator cores, or plan anyway with --accept-lower-bound)");
        }
        ClusterShape shape = ClusterShape.of(m.unit());
        String node = shape.node();
        int rf = load.replicationFactor();
        double peak = load.plannedBytesPerSecond();
        double perNode = basis.perNodeBytesPerSecond(m.unit());
        List<Reckoning> figures = new ArrayList<>();
        List<String> notes = new ArrayList<>(m.caveats());

        figures.add(peakFigure(load));
        String nodeCapacity = perNodeArithmetic(m, shape);
        int byThroughput = (int) Math.ceil(shape.writePerNode(peak, rf, 1) / (perNode * load.usable()));
        int byLoss = (int) Math.ceil(shape.writePerNode(peak, rf, 1) / perNode) + 1;
        int fewest = shape.fewestNodes(rf);
        int nodes = Math.max(fewest, Math.max(byThroughput, byLoss));
        figures.add(new Reckoning(node + "s", nodes, Integer.toString(nodes),
                String.format(Locale.ROOT, "max(⌈%s ÷ (%s × %s usable)⌉ = %d, ⌈%s ÷ %s⌉ + 1 = %d (one %s down, the rest "
                                + "within the sustainable load), %d (%s)) = %d",
                        mb(shape.writePerNode(peak, rf, 1)), mb(perNode), pct(load.usable()), byThroughput,
                        mb(shape.writePerNode(peak, rf, 1)), mb(perNode), byLoss, node, fewest,
                        m.unit() == CapacityUnit.BYTES ? "one broker per copy" : "a second master keeps writes going",
                        nodes),
                nodeCapacity));

        double write = shape.writePerNode(peak, rf, nodes);
        figures.add(new Reckoning("write per " + node, write, mb(write),
                shape.writeFormula() + " = " + mb(write) + ", " + pct(write / perNode) + " of the sustainable "
                        + mb(perNode), "the " + node + "s above"));

        int partitions = partitions(load, m.partition(), nodes, figures, shape, notes);
        if (m.unit() == CapacityUnit.BYTES && (double) partitions * rf / nodes > REPLICAS_PER_BROKER) {
            notes.add(String.format(Locale.ROOT, "%.0f partition replicas per broker exceed Kafka's guidance of %d (KIP-578): "
                    + "add brokers or spread the topic over several clusters", (double) partitions * rf / nodes, REPLICAS_PER_BROKER));
        }
        figures.add(disk(load, shape, nodes, partitions));

        double nicIn = shape.nicInPerNode(peak, rf, nodes);
        double nicOut = shape.nicOutPerNode(peak, rf, nodes, load.consumerGroups());
        figures.add(new Reckoning("NIC in per " + node, nicIn, mb(nicIn),
                m.unit() == CapacityUnit.BYTES ? "produce + replication in = peak × RF ÷ brokers = " + mb(nicIn)
                        : "produce = peak ÷ masters = " + mb(nicIn),
                "the business load asked"));
        figures.add(new Reckoning("NIC out per " + node, nicOut, mb(nicOut),
                String.format(Locale.ROOT, "replication out + consumer fan-out = peak × (RF − 1 + %d group%s) ÷ %ss = %s",
                        load.consumerGroups(), load.consumerGroups() == 1 ? "" : "s", node, mb(nicOut)),
                "the business load asked"));
        double link = Math.max(nicIn, nicOut) / load.usable();
        figures.add(new Reckoning("NIC per " + node, link, bits(link),
                "max(in, out) ÷ " + pct(load.usable()) + " usable = " + bits(link), "the figures above"));

        if (load.recordSizeBytes() != m.recordSizeBytes()) {
            notes.add(String.format(Locale.ROOT, "measured with %,d B messages, planned with %,d B: the capacity per byte is "
                    + "assumed to hold (smaller messages cost more CPU per byte); probe with --record-size %dB to be sure",
                    m.recordSizeBytes(), load.recordSizeBytes(), load.recordSizeBytes()));
        }
        if (load.consumerGroups() > 0) {
            notes.add("consumers were not part of the measured load: their NIC share is counted above, their CPU is not "
                    + "(reads of recent data come from the page cache)");
        }
        Exhaustion sustainable = exhaustion(load, "sustainable load", 100 * write / perNode, 100,
                "the sustainable load measured per " + node + ", " + mb(perNode) + " (" + basis.scenario() + ")");
        List<Exhaustion> limits = limits(load, m, shape, write, Math.max(nicIn, nicOut), perNode);
        return new SizedPlan(m.label(), m.driver(), m.coresPerBroker(), shape.layout(nodes, rf), shape.dataMachines(nodes, rf),
                figures, sustainable, limits, notes, m.nicBytesPerSecond());
    }

    private static Reckoning peakFigure(BusinessLoad load) {
        String today = mb(load.peakBytesPerSecond()) + " (" + HumanUnits.msgsPerSecond(load.peakBytesPerSecond() / load.recordSizeBytes())
                + " × " + String.format(Locale.ROOT, "%,d B", load.recordSizeBytes()) + ")";
        String arithmetic = load.growthFactor() == 1 ? "the peak asked, " + today
                : String.format(Locale.ROOT, "%s × (1 + %s)^%s years = %s × %.2f = %s", today, pct(load.growthPerYear()),
                HumanUnits.number(load.horizonYears()), mb(load.peakBytesPerSecond()), load.growthFactor(),
                mb(load.plannedBytesPerSecond()));
        return new Reckoning("planned peak", load.plannedBytesPerSecond(),
                mb(load.plannedBytesPerSecond()) + ", " + HumanUnits.msgsPerSecond(load.plannedRecordsPerSecond()),
                arithmetic, "the business load asked");
    }

    /** Where one node's capacity comes from, as a sentence a reader can check against the result. */
    private static String perNodeArithmetic(MeasuredCapacity m, ClusterShape shape) {
        Basis b = m.basis();
        String per = m.unit() == CapacityUnit.BYTES
                ? String.format(Locale.ROOT, "%s × RF %d ÷ %d broker%s = %s written per broker", mb(b.bytesPerSecond()),
                b.replicationFactor(), b.nodes(), b.nodes() == 1 ? "" : "s", mb(b.perNodeBytesPerSecond(m.unit())))
                : String.format(Locale.ROOT, "%s (%s) per master", mb(b.bytesPerSecond()), HumanUnits.msgsPerSecond(b.recordsPerSecond()));
        return "sustainable load of " + b.scenario() + " in " + m.label() + ": " + per
                + (b.limitedBy().isEmpty() ? "" : "; limited by " + b.limitedBy());
    }

    private static int partitions(BusinessLoad load, PartitionLimit limit, int nodes, List<Reckoning> figures, ClusterShape shape,
                                  List<String> notes) {
        double peak = load.plannedBytesPerSecond();
        int wanted;
        String arithmetic;
        String restsOn;
        if (limit == null) {
            wanted = load.consumerParallelism();
            arithmetic = "the consumer parallelism asked, " + wanted;
            restsOn = "the consumers asked: no scenario over one of them was measured";
        } else {
            int byProduce = (int) Math.ceil(peak / (limit.bytesPerSecond() * load.usable()));
            wanted = Math.max(byProduce, load.consumerParallelism());
            arithmetic = String.format(Locale.ROOT, "max(⌈%s ÷ (%s × %s usable)⌉ = %d, %d consumer%s in the largest group)",
                    mb(peak), mb(limit.bytesPerSecond()), pct(load.usable()), byProduce, load.consumerParallelism(),
                    load.consumerParallelism() == 1 ? "" : "s");
            restsOn = "one partition's sustainable load " + mb(limit.bytesPerSecond()) + " (" + limit.scenario() + ")";
            if (limit.lowerBound() != null) {
                String one = shape.partitions().substring(0, shape.partitions().length() - 1);
                notes.add("one " + one + "'s figure is a lower bound (" + limit.lowerBound() + "): the " + shape.partitions()
                        + " may be more than needed, never fewer");
            }
        }
        int partitions = (int) Math.ceil((double) wanted / nodes) * nodes;
        figures.add(new Reckoning(shape.partitions(), partitions, Integer.toString(partitions),
                arithmetic + " = " + wanted + ", rounded up to a multiple of " + nodes + " " + shape.node() + "s = " + partitions
                        + " (spread evenly)", restsOn));
        return partitions;
    }

    private static Reckoning disk(BusinessLoad load, ClusterShape shape, int nodes, int partitions) {
        ClusterShape.Overhead o = shape.storageOverhead();
        int rf = load.replicationFactor();
        double seconds = load.retention().toSeconds();
        double data = shape.writePerNode(load.plannedBytesPerSecond(), rf, nodes) * seconds;
        double messages = data / load.recordSizeBytes();
        double segments = o.segmentBytes() * (o.perPartition() ? Math.ceil((double) partitions * rf / nodes) : 1);
        double overhead = data * o.indexShare() + messages * o.perMessage() + segments;
        double usable = Math.min(load.usable(), o.maxUsedShare());
        double disk = (data + overhead) / usable;
        return new Reckoning("disk per " + shape.node(), disk, HumanUnits.storage(disk),
                String.format(Locale.ROOT, "(%s × %s retention = %s of messages + %s of segments and indexes) ÷ %s usable = %s",
                        shape.writeFormula(), retention(load.retention()),
                        HumanUnits.storage(data), HumanUnits.storage(overhead), pct(usable), HumanUnits.storage(disk)),
                o.why() + "; the planned peak held for the whole retention, an upper bound");
    }

    /** CPU, disk write and NIC at the planned peak, as far as the run measured them, the first to run out first. */
    private static List<Exhaustion> limits(BusinessLoad load, MeasuredCapacity m, ClusterShape shape, double write,
                                           double nic, double perNode) {
        List<Exhaustion> out = new ArrayList<>();
        if (m.busiestCpuShare() != null) {
            double cpuPct = 100 * m.busiestCpuShare() * write / perNode;
            out.add(exhaustion(load, "CPU", cpuPct, m.thresholds().cpuPct(), String.format(Locale.ROOT,
                    "the busiest broker used %s of its %s cores at the sustainable load; scaled with the write per %s",
                    pct(m.busiestCpuShare()), m.coresPerBroker() == null ? "?" : HumanUnits.number(m.coresPerBroker()),
                    shape.node())));
        }
        if (m.diskBytesPerSecond() != null && m.diskBytesPerSecond() > 0) {
            out.add(exhaustion(load, "disk write", 100 * write / m.diskBytesPerSecond(), m.thresholds().diskPct(),
                    "disk write ceiling " + mb(m.diskBytesPerSecond()) + " as the run took it (" + m.diskSource() + ")"));
        }
        if (m.nicBytesPerSecond() != null && m.nicBytesPerSecond() > 0) {
            out.add(exhaustion(load, "NIC", 100 * nic / m.nicBytesPerSecond(), m.thresholds().nicPct(),
                    "NIC ceiling " + bits(m.nicBytesPerSecond()) + " as the run took it (" + m.nicSource() + ")"));
        }
        out.sort(Comparator.comparing(Exhaustion::growth, Comparator.nullsLast(Comparator.naturalOrder())));
        return out;
    }

    private static Exhaustion exhaustion(BusinessLoad load, String limit, double usedPct, double limitPct, String restsOn) {
        Double growth = usedPct <= 0 ? null : limitPct / usedPct;
        Double years = load.growthPerYear() > 0 && growth != null && growth > 1
                ? Math.log(growth) / Math.log(1 + load.growthPerYear()) : null;
        return new Exhaustion(limit, usedPct, limitPct, growth, years, restsOn);
    }

    private static String cheapest(List<SizedPlan> plans) {
        boolean allCores = plans.stream().allMatch(p -> p.totalCores() != null);
        return plans.stream()
                .min(allCores ? Comparator.comparingDouble(SizedPlan::totalCores).thenComparingInt(SizedPlan::brokerMachines)
                        : Comparator.comparingInt(SizedPlan::brokerMachines))
                .map(SizedPlan::label).orElse(null);
    }

    /** A retention as operators write it: "72h", "7d". */
    static String retention(java.time.Duration d) {
        if (d.toSeconds() % 86400 == 0) {
            return d.toDays() + "d";
        }
        return d.toSeconds() % 3600 == 0 ? d.toHours() + "h" : HumanUnits.durationMs((double) d.toMillis());
    }

    static String mb(double bytesPerSecond) {
        return HumanUnits.mbPerSecond(bytesPerSecond);
    }

    static String pct(double share) {
        return HumanUnits.pct(share * 100);
    }

    private static String bits(double bytesPerSecond) {
        return io.mqprobe.api.units.DataRate.formatBits(bytesPerSecond);
    }
}
