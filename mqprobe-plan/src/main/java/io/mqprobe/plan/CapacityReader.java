package io.mqprobe.plan;

import io.mqprobe.api.monitor.Ceiling;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.plan.MeasuredCapacity.Basis;
import io.mqprobe.plan.MeasuredCapacity.PartitionLimit;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultReading;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.ScenarioResult.TopicLayout;
import io.mqprobe.result.StepResult;
import io.mqprobe.scenario.CapacityUnit;
import io.mqprobe.scenario.DriverProfiles;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.InstanceSizes;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.SustainablePoint;
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


    private CapacityReader() {
    }

    /**
     * @param scenario the scenario the broker count must rest on, or null to let the plan choose (see {@link #basis})
     * @throws io.mqprobe.api.UsageException when a file is not a result document
     * @throws PlanRefusal when a result holds nothing a plan could rest on
     */
    public static List<MeasuredCapacity> read(Path resultJson, String scenario, int replicationFactor) {
        ResultDocument result = ResultReading.read(resultJson);
        List<InstanceSizes.Row> sizes = result.instanceSizes();
        if (sizes.isEmpty()) {
            return List.of(of(result, resultJson.toString(), scenario, replicationFactor));
        }
        Map<String, String> dirBySpec = new LinkedHashMap<>();
        sizes.forEach(row -> dirBySpec.putIfAbsent(row.spec(), row.runDir()));
        Path parent = resultJson.toAbsolutePath().getParent();
        List<MeasuredCapacity> out = new ArrayList<>();
        dirBySpec.forEach((spec, dir) ->
                out.add(of(ResultReading.read(parent.resolve(dir == null ? spec : dir).resolve("result.json")), spec, scenario,
                        replicationFactor)));
        return out;
    }

    /** What one probe's result measured; {@code label} names it in the plan. */
    public static MeasuredCapacity of(ResultDocument result, String label, String scenario, int replicationFactor) {
        List<ScenarioResult> probed = result.scenarios().stream().filter(s -> s.probeFindings() != null).toList();
        if (probed.isEmpty()) {
            throw new PlanRefusal(label + " is a " + result.command() + " result without a probe verdict: "
                    + "a plan rests on a probe's sustainable load (run mqprobe probe)");
        }
        ResultDocument.TargetInfo target = result.target().orElse(null);
        String driver = target == null || target.driver() == null ? "kafka" : target.driver();
        CapacityUnit unit = DriverProfiles.of(driver).capacityUnit();
        int brokers = Math.max(1, target == null || target.brokers() == null ? 0 : target.brokers().size());
        Basis basis = basis(probed, label, scenario, replicationFactor, unit, brokers);
        ScenarioResult basisScenario = probed.stream().filter(s -> basis.scenario().equals(s.name())).findFirst().orElseThrow();
        StepResult step = sustainableStep(basisScenario);
        ResultDocument.Ceilings ceilings = result.ceilings().orElse(ResultDocument.Ceilings.UNKNOWN);
        return new MeasuredCapacity(label, driver, unit, basis, partitionLimit(probed),
                brokerCapacity(step, "cpu.cores"), brokerCapacity(step, "mem.rss.bytes"),
                basisScenario.producer() == null ? 1024 : basisScenario.producer().recordSizeBytes(),
                busiestCpuShare(step), bytesPerSecond(ceilings.disk()), source(ceilings.disk()),
                bytesPerSecond(ceilings.nic()), source(ceilings.nic()),
                result.thresholds().orElseGet(Thresholds::defaults));
    }

    /**
     * The scenario the broker count rests on: the one named, or else, of the scenarios over several partitions with a
     * sustainable load, those replicated when the plan replicates (their figure carries the followers' work) and of
     * them the lowest per broker, the guaranteed floor.
     */
    private static Basis basis(List<ScenarioResult> probed, String label, String named, int replicationFactor, CapacityUnit unit,
                               int brokers) {
        List<Basis> candidates = new ArrayList<>();
        for (ScenarioResult s : probed) {
            SustainablePoint sustainable = s.probeFindings().sustainable();
            if (named != null && !named.equals(s.name())) {
                continue;
            }
            if (named != null && sustainable == null) {
                throw new PlanRefusal(label + ": scenario " + named + " has no sustainable load (the search found none)");
            }
            if (sustainable == null || (named == null && partitions(s.topic(), 0) == 1)) {
                continue;
            }
            candidates.add(basisOf(s, sustainable, unit, brokers));
        }
        if (named != null && candidates.isEmpty()) {
            throw new PlanRefusal(label + " has no probed scenario named " + named + " (it has "
                    + probed.stream().map(ScenarioResult::name).toList() + ")");
        }
        if (candidates.isEmpty()) {
            throw new PlanRefusal(label + " has no sustainable load in a scenario over several partitions: nothing "
                    + "passed the thresholds, so there is no load to plan with (see its limitedBy lines)");
        }
        List<Basis> matching = candidates.stream().filter(b -> (b.replicationFactor() > 1) == (replicationFactor > 1)).toList();
        List<Basis> pool = matching.isEmpty() ? candidates : matching;
        return pool.stream().min(Comparator.comparingDouble(b -> b.perNodeBytesPerSecond(unit))).orElseThrow();
    }

    private static Basis basisOf(ScenarioResult scenario, SustainablePoint sustainable, CapacityUnit unit, int brokers) {
        TopicLayout topic = scenario.topic();
        int rf = topic == null ? 1 : Math.max(1, topic.replicationFactor());
        int partitions = Math.max(1, partitions(topic, 1));
        String placement = topic == null || topic.placement() == null ? "" : topic.placement();
        // a RocketMQ scenario loads one broker group's master; a Kafka one its pinned broker or the brokers its replicas span
        int nodes = unit == CapacityUnit.MASTER_TPS || placement.startsWith("pinned") ? 1 : Math.min(brokers, partitions * rf);
        Bottleneck bottleneck = scenario.probeFindings().bottleneck();
        String limitedBy = limitedBy(sustainable);
        return new Basis(scenario.name(), rf, nodes, sustainable.bytesPerSecond(), sustainable.recordsPerSecond(), limitedBy,
                describe(bottleneck), lowerBound(bottleneck, limitedBy));
    }

    /** One partition's sustainable load: a probed scenario over one partition, the first one that has one. */
    private static PartitionLimit partitionLimit(List<ScenarioResult> probed) {
        for (ScenarioResult s : probed) {
            ScenarioVerdict findings = s.probeFindings();
            SustainablePoint sustainable = findings.sustainable();
            if (partitions(s.topic(), 0) == 1 && sustainable != null) {
                return new PartitionLimit(s.name(), sustainable.bytesPerSecond(),
                        lowerBound(findings.bottleneck(), limitedBy(sustainable)));
            }
        }
        return null;
    }

    private static int partitions(TopicLayout topic, int absent) {
        return topic == null ? absent : topic.partitions();
    }

    private static String limitedBy(SustainablePoint sustainable) {
        return sustainable.limitedBy() == null ? "" : sustainable.limitedBy();
    }

    /** Why a sustainable load is only a lower bound of the cluster's, or null when the cluster itself set it. */
    static String lowerBound(Bottleneck bottleneck, String limitedBy) {
        if (bottleneck != null) {
            if (bottleneck.loadGeneratorAmongLimits()) {
                return "the load generator was among the limits (bottleneck " + describe(bottleneck) + ")";
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

    /** A bottleneck as "cpu / broker-1", or its resource alone when it names no process. */
    private static String describe(Bottleneck bottleneck) {
        if (bottleneck == null) {
            return "not found";
        }
        return bottleneck.resource() + (bottleneck.source() == null ? "" : " / " + bottleneck.source());
    }

    private static StepResult sustainableStep(ScenarioResult scenario) {
        SustainablePoint sustainable = scenario.probeFindings().sustainable();
        return scenario.steps().stream()
                .filter(s -> sustainable != null && sustainable.step() == s.index()).findFirst().orElse(null);
    }

    /** The largest capacity any broker reports for a metric at a step: its cgroup's limit, or its host's. */
    private static Double brokerCapacity(StepResult step, String metric) {
        return brokerResources(step, metric).stream().filter(ResourceUsage::hasCapacity).map(r -> r.capacity().getAsDouble())
                .max(Double::compare).orElse(null);
    }

    private static Double busiestCpuShare(StepResult step) {
        return brokerResources(step, "cpu.cores").stream()
                .filter(r -> r.hasCapacity() && !Double.isNaN(r.mean()))
                .map(r -> r.mean() / r.capacity().getAsDouble()).max(Double::compare).orElse(null);
    }

    private static List<ResourceUsage> brokerResources(StepResult step, String metric) {
        if (step == null || step.resources() == null) {
            return List.of();
        }
        return step.resources().stream().filter(r -> Sources.isBroker(r.source()) && metric.equals(r.metric())).toList();
    }

    private static Double bytesPerSecond(Ceiling ceiling) {
        return ceiling == null ? null : ceiling.bytesPerSecond();
    }

    private static String source(Ceiling ceiling) {
        return ceiling == null || ceiling.source() == null ? "unknown" : ceiling.source();
    }
}
