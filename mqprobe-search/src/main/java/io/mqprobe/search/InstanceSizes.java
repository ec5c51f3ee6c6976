package io.mqprobe.search;

import io.mqprobe.api.InstanceSpec;
import io.mqprobe.api.units.HumanUnits;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The field method's instance-size comparison: the same scenarios probed once per broker size, and where
 * capacity stops growing with cores (it is not linear: past some size the disk, the NIC or replication
 * takes over from the CPU).
 */
public final class InstanceSizes {

    /**
     * Capacity that grows by less than this share of the added cores has flattened: doubling the cores
     * for +40 % throughput is an efficiency of 0.4.
     */
    static final double FLAT_EFFICIENCY = 0.5;

    private InstanceSizes() {
    }

    /**
     * One scenario on one broker size.
     *
     * @param busyCores               the cores the scenario's load ran on: one broker's when its partitions sit on
     *                                one broker, else every broker's
     * @param capacityPerCoreBytesPerSecond the ceiling per busy core, or {@code null} without a ceiling
     * @param bottleneck              "resource / process" at the ceiling, or what stopped the scenario
     * @param runDir                  where this size's own probe wrote its result and report
     */
    public record Row(String spec, double cores, long memoryBytes, int brokers, String scenario, double busyCores,
                      Double ceilingBytesPerSecond, Double ceilingRecordsPerSecond, Double sustainableBytesPerSecond,
                      Double sustainableRecordsPerSecond, Double capacityPerCoreBytesPerSecond, String bottleneck,
                      String runDir) {
    }

    /** The rows of one broker size's probe, one per scenario. */
    public static List<Row> rows(InstanceSpec spec, int brokers, String runDir, List<ScenarioOutcome> outcomes) {
        List<Row> rows = new ArrayList<>();
        for (ScenarioOutcome o : outcomes) {
            double busyCores = spec.cpuCores() * (o.brokerPinned() ? 1 : brokers);
            ScenarioVerdict v = o.verdict();
            if (v == null || v.ceiling() == null) {
                rows.add(new Row(spec.toString(), spec.cpuCores(), spec.memoryBytes(), brokers, o.name(), busyCores,
                        null, null, null, null, null, o.skipped() != null ? "skipped: " + o.skipped() : "no step measured",
                        runDir));
                continue;
            }
            SustainablePoint s = v.sustainable();
            rows.add(new Row(spec.toString(), spec.cpuCores(), spec.memoryBytes(), brokers, o.name(), busyCores,
                    v.ceiling().bytesPerSecond(), v.ceiling().recordsPerSecond(),
                    s == null ? null : s.bytesPerSecond(), s == null ? null : s.recordsPerSecond(),
                    v.ceiling().bytesPerSecond() / busyCores, named(v.bottleneck()), runDir));
        }
        return rows;
    }

    /**
     * Per scenario, how capacity grew from each size to the next larger one, and the first size at which it
     * stopped growing with cores and which resource took over there; one sentence each.
     */
    public static List<String> scaling(List<Row> rows) {
        Map<String, List<Row>> byScenario = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.ceilingBytesPerSecond() != null) {
                byScenario.computeIfAbsent(r.scenario(), k -> new ArrayList<>()).add(r);
            }
        }
        List<String> lines = new ArrayList<>();
        byScenario.forEach((scenario, own) -> {
            List<Row> sized = own.stream().sorted(Comparator.comparingDouble(Row::cores)).toList();
            if (sized.size() < 2) {
                return;
            }
            Row flatFrom = null;
            Row flatTo = null;
            List<String> steps = new ArrayList<>();
            for (int i = 1; i < sized.size(); i++) {
                Row a = sized.get(i - 1);
                Row b = sized.get(i);
                double coreRatio = b.cores() / a.cores();
                double gain = b.ceilingBytesPerSecond() / a.ceilingBytesPerSecond();
                steps.add(String.format(Locale.ROOT, "%s→%s %.1f× cores, %.2f× capacity", a.spec(), b.spec(), coreRatio, gain));
                if (flatTo == null && coreRatio > 1 && efficiency(coreRatio, gain) < FLAT_EFFICIENCY) {
                    flatFrom = a;
                    flatTo = b;
                }
            }
            String trend = String.join("; ", steps);
            if (flatTo == null) {
                lines.add(scenario + ": capacity grows with cores over every size measured (" + trend + "); at "
                        + sized.get(sized.size() - 1).spec() + " the limit is " + sized.get(sized.size() - 1).bottleneck());
            } else {
                lines.add(scenario + ": capacity stops growing with cores from " + flatFrom.spec() + " to " + flatTo.spec()
                        + " (" + HumanUnits.mbPerSecond(flatFrom.ceilingBytesPerSecond()) + " → "
                        + HumanUnits.mbPerSecond(flatTo.ceilingBytesPerSecond()) + "); the limit there is "
                        + flatTo.bottleneck() + " (at " + flatFrom.spec() + ": " + flatFrom.bottleneck() + "). " + trend);
            }
        });
        return lines;
    }

    /** The share of the added cores that became added capacity: 1 is linear, 0 is flat. */
    static double efficiency(double coreRatio, double capacityRatio) {
        return (capacityRatio - 1) / (coreRatio - 1);
    }

    private static String named(Bottleneck b) {
        if (b == null) {
            return "none named";
        }
        return b.source() == null ? b.resource() : b.resource() + " / " + b.source();
    }
}
