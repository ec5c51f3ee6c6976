package io.mqprobe.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.plan.MeasuredCapacity.Basis;
import io.mqprobe.plan.MeasuredCapacity.PartitionLimit;
import io.mqprobe.report.Fields;
import io.mqprobe.report.ResultReader;
import io.mqprobe.scenario.CapacityUnit;
import io.mqprobe.scenario.DriverProfiles;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.Thresholds;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what a plan needs from result documents: a probe's sustainable loads, or each size's of an instance-size
 * probe (whose own documents lie in sub-directories named by the parent's {@code instanceSizes} rows).
 */
public final class CapacityReader {

    private static final String BROKER = "broker-";

    private CapacityReader() {
    }

    /**
     * @param scenario the scenario the broker count must rest on, or null to let the plan choose (see {@link #basis})
     * @throws io.mqprobe.api.UsageException when a file is not a result document
     * @throws PlanRefusal when a result holds nothing a plan could rest on
     */
    public static List<MeasuredCapacity> read(Path resultJson, String scenario, int replicationFactor) {
        JsonNode result = ResultReader.read(resultJson);
        List<JsonNode> sizes = Fields.objects(result, "instanceSizes");
        if (sizes.isEmpty()) {
            return List.of(of(result, resultJson.toString(), scenario, replicationFactor));
        }
        Map<String, String> dirBySpec = new LinkedHashMap<>();
        sizes.forEach(row -> dirBySpec.putIfAbsent(Fields.text(row, "spec"), Fields.text(row, "runDir")));
        Path parent = resultJson.toAbsolutePath().getParent();
        List<MeasuredCapacity> out = new ArrayList<>();
        dirBySpec.forEach((spec, dir) ->
                out.add(of(ResultReader.read(parent.resolve(dir == null ? spec : dir).resolve("result.json")), spec, scenario,
                        replicationFactor)));
        return out;
    }

    /** What one probe's result measured; {@code label} names it in the plan. */
    public static MeasuredCapacity of(JsonNode result, String label, String scenario, int replicationFactor) {
        List<JsonNode> probed = Fields.objects(result, "scenarios").stream().filter(ResultReader::hasProbeVerdict).toList();
        if (probed.isEmpty()) {
            throw new PlanRefusal(label + " is a " + Fields.text(result, "command") + " result without a probe verdict: "
                    + "a plan rests on a probe's sustainable load (run mqprobe probe)");
        }
        String driver = Fields.text(Fields.object(result, "target"), "driver", "kafka");
        CapacityUnit unit = DriverProfiles.of(driver).capacityUnit();
        int brokers = Math.max(1, Fields.objects(Fields.object(result, "target"), "brokers").size());
        Basis basis = basis(probed, label, scenario, replicationFactor, unit, brokers);
        JsonNode basisScenario = probed.stream().filter(s -> basis.scenario().equals(Fields.text(s, "name"))).findFirst().orElseThrow();
        JsonNode step = sustainableStep(basisScenario);
        JsonNode ceilings = Fields.object(result, "ceilings");
        return new MeasuredCapacity(label, driver, unit, basis, partitionLimit(probed),
                brokerCapacity(step, "cpu.cores"), brokerCapacity(step, "mem.rss.bytes"),
                (int) Fields.number(Fields.object(basisScenario, "producer"), "recordSizeBytes", 1024),
                busiestCpuShare(step), Fields.number(ceilings, "diskWriteBytesPerSecond"), Fields.text(ceilings, "diskSource", "unknown"),
                Fields.number(ceilings, "nicBytesPerSecond"), Fields.text(ceilings, "nicSource", "unknown"),
                thresholds(Fields.object(result, "thresholds")));
    }

    /**
     * The scenario the broker count rests on: the one named, or else, of the scenarios over several partitions with a
     * sustainable load, those replicated when the plan replicates (their figure carries the followers' work) and of
     * them the lowest per broker, the guaranteed floor.
     */
    private static Basis basis(List<JsonNode> probed, String label, String named, int replicationFactor, CapacityUnit unit,
                               int brokers) {
        List<Basis> candidates = new ArrayList<>();
        for (JsonNode s : probed) {
            String name = Fields.text(s, "name");
            JsonNode sustainable = Fields.object(Fields.probeVerdict(s), "sustainable");
            int partitions = (int) Fields.number(Fields.object(s, "topic"), "partitions", 0);
            if (named != null && !named.equals(name)) {
                continue;
            }
            if (named != null && Fields.number(sustainable, "bytesPerSecond") == null) {
                throw new PlanRefusal(label + ": scenario " + named + " has no sustainable load ("
                        + Fields.text(Fields.object(Fields.probeVerdict(s), "sustainable"), "limitedBy", "the search found none") + ")");
            }
            if (Fields.number(sustainable, "bytesPerSecond") == null || (named == null && partitions == 1)) {
                continue;
            }
            candidates.add(basisOf(s, sustainable, unit, brokers));
        }
        if (named != null && candidates.isEmpty()) {
            throw new PlanRefusal(label + " has no probed scenario named " + named + " (it has "
                    + probed.stream().map(s -> Fields.text(s, "name")).toList() + ")");
        }
        if (candidates.isEmpty()) {
            throw new PlanRefusal(label + " has no sustainable load in a scenario over several partitions: nothing "
                    + "passed the thresholds, so there is no load to plan with (see its limitedBy lines)");
        }
        List<Basis> matching = candidates.stream().filter(b -> (b.replicationFactor() > 1) == (replicationFactor > 1)).toList();
        List<Basis> pool = matching.isEmpty() ? candidates : matching;
        return pool.stream().min(Comparator.comparingDouble(b -> b.perNodeBytesPerSecond(unit))).orElseThrow();
    }

    private static Basis basisOf(JsonNode scenario, JsonNode sustainable, CapacityUnit unit, int brokers) {
        JsonNode topic = Fields.object(scenario, "topic");
        int rf = (int) Math.max(1, Fields.number(topic, "replicationFactor", 1));
        int partitions = (int) Math.max(1, Fields.number(topic, "partitions", 1));
        String placement = Fields.text(topic, "placement", "");
        // a RocketMQ scenario loads one broker group's master; a Kafka one its pinned broker or the brokers its replicas span
        int nodes = unit == CapacityUnit.MASTER_TPS || placement.startsWith("pinned") ? 1 : Math.min(brokers, partitions * rf);
        JsonNode bottleneck = Fields.object(Fields.probeVerdict(scenario), "bottleneck");
        String limitedBy = Fields.text(sustainable, "limitedBy", "");
        return new Basis(Fields.text(scenario, "name"), rf, nodes, Fields.number(sustainable, "bytesPerSecond"),
                Fields.number(sustainable, "recordsPerSecond", 0), limitedBy, describe(bottleneck), lowerBound(bottleneck, limitedBy));
    }

    /** One partition's sustainable load: a probed scenario over one partition, the first one that has one. */
    private static PartitionLimit partitionLimit(List<JsonNode> probed) {
        for (JsonNode s : probed) {
            JsonNode sustainable = Fields.object(Fields.probeVerdict(s), "sustainable");
            if (Fields.number(Fields.object(s, "topic"), "partitions", 0) == 1 && Fields.number(sustainable, "bytesPerSecond") != null) {
                return new PartitionLimit(Fields.text(s, "name"), Fields.number(sustainable, "bytesPerSecond"),
                        lowerBound(Fields.object(Fields.probeVerdict(s), "bottleneck"), Fields.text(sustainable, "limitedBy", "")));
            }
        }
        return null;
    }

    /** Why a sustainable load is only a lower bound of the cluster's, or null when the cluster itself set it. */
    static String lowerBound(JsonNode bottleneckJson, String limitedBy) {
        if (bottleneckJson != null && Bottleneck.KINDS.contains(Fields.text(bottleneckJson, "resource", ""))) {
            Bottleneck bottleneck = new Bottleneck(Fields.text(bottleneckJson, "resource"), Fields.text(bottleneckJson, "source"),
                    Fields.text(bottleneckJson, "summary", ""), List.of());
            if (bottleneck.loadGeneratorAmongLimits()) {
                return "the load generator was among the limits (bottleneck " + describe(bottleneckJson) + ")";
            }
            if (Bottleneck.SHARED_CPU.equals(bottleneck.resource())) {
                return "brokers and the load generator shared the host's cores (bottleneck shared-cpu)";
            }
        }
        if (limitedBy.startsWith("no threshold reached")) {
            return "nothing broke up to the highest rate offered (" + limitedBy + ")";
        }
        return null;
    }

    private static String describe(JsonNode bottleneck) {
        String named = Fields.bottleneck(bottleneck);
        return named == null ? "not found" : named;
    }

    private static JsonNode sustainableStep(JsonNode scenario) {
        Double index = Fields.number(Fields.object(Fields.probeVerdict(scenario), "sustainable"), "step");
        return Fields.objects(scenario, "steps").stream()
                .filter(s -> index != null && index.equals(Fields.number(s, "index"))).findFirst().orElse(null);
    }

    /** The largest capacity any broker reports for a metric at a step: its cgroup's limit, or its host's. */
    private static Double brokerCapacity(JsonNode step, String metric) {
        return brokerResources(step, metric).stream().map(r -> Fields.number(r, "capacity"))
                .filter(c -> c != null && c > 0).max(Double::compare).orElse(null);
    }

    private static Double busiestCpuShare(JsonNode step) {
        return brokerResources(step, "cpu.cores").stream()
                .filter(r -> Fields.number(r, "mean") != null && Fields.number(r, "capacity") != null && Fields.number(r, "capacity") > 0)
                .map(r -> Fields.number(r, "mean") / Fields.number(r, "capacity")).max(Double::compare).orElse(null);
    }

    private static List<JsonNode> brokerResources(JsonNode step, String metric) {
        return Fields.objects(step, "resources").stream()
                .filter(r -> Fields.text(r, "source", "").startsWith(BROKER) && metric.equals(Fields.text(r, "metric"))).toList();
    }

    /** The run's own thresholds; the method's defaults for those a document does not carry. */
    private static Thresholds thresholds(JsonNode node) {
        Thresholds d = Thresholds.defaults();
        return new Thresholds(Fields.number(node, "cpuPct", d.cpuPct()), d.iowaitPct(), Fields.number(node, "nicPct", d.nicPct()),
                Fields.number(node, "diskPct", d.diskPct()), d.sloP99(), d.plateauGainPct(), d.plateauSteps(), d.maxErrorRatio());
    }
}
