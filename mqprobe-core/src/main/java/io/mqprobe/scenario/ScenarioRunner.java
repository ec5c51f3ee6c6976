package io.mqprobe.scenario;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.RunControl;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.LatencyUs;
import io.mqprobe.search.RampDecision;
import io.mqprobe.search.RampPolicy;

import io.mqprobe.search.ScenarioOutcome;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.StepMeasurement;
import io.mqprobe.search.Thresholds;
import io.mqprobe.search.VerdictFinder;
import io.mqprobe.stats.LatencySummary;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Drives one scenario to saturation: creates its topic, ramps producer clients step by step until
 * the ramp policy says stop (plateau, SLO, errors, or the plan's end), then finds the verdict.
 */
public final class ScenarioRunner {

    private static final Duration STEP_DRAIN = Duration.ofSeconds(15);
    private static final Duration SETTLE_BEFORE_PACED = Duration.ofSeconds(3);

    /** Creates and deletes topics for the runner (the CLI tracks them so only mqprobe's are deleted). */
    public interface Topics {
        void create(TopicSpec spec);

        void delete(String name);
    }

    /** Told when a step starts and when it was measured, for progress output. */
    public interface Listener {
        void onStepStart(ScenarioSpec scenario, int step, int clients);

        void onStepDone(ScenarioSpec scenario, StepResult step);
    }

    /**
     * Shared settings of every scenario of one probe.
     *
     * @param recordSizeBytes    record size of every scenario
     * @param defaultPartitions  partitions when the scenario does not fix them
     * @param producerProperties base producer settings (scenario settings win)
     */
    public record Settings(int recordSizeBytes, int defaultPartitions, PayloadSpec payload,
                           Map<String, String> producerProperties, RampPlan plan, Thresholds thresholds) {
    }

    private final ClusterAdmin admin;
    private final StepRunner steps;
    private final Topics topics;
    private final ResultDocument document;
    private final RunControl control;
    private final Listener listener;

    public ScenarioRunner(ClusterAdmin admin, StepRunner steps, Topics topics, ResultDocument document,
                          RunControl control, Listener listener) {
        this.admin = admin;
        this.steps = steps;
        this.topics = topics;
        this.document = document;
        this.control = control;
        this.listener = listener;
    }

    public ScenarioOutcome run(ScenarioSpec scenario, Settings settings, String topicName) {
        List<Integer> brokerIds = admin.describeBrokers().stream().map(BrokerInfo::id).sorted(Comparator.naturalOrder()).toList();
        int rf = scenario.replicationOn(brokerIds.size());
        int partitions = scenario.partitions() > 0 ? scenario.partitions() : settings.defaultPartitions();
        Map<String, String> props = new LinkedHashMap<>(settings.producerProperties());
        props.putAll(scenario.producerProperties());
        props.put("acks", scenario.acks());
        if (brokerIds.size() < scenario.minReplicas()) {
            ScenarioResult skipped = new ScenarioResult(scenario.name(), scenario.description(), null,
                    new ScenarioResult.ProducerSetup(settings.recordSizeBytes(), scenario.acks(), props));
            skipped.skipped = "needs " + scenario.minReplicas() + " brokers, the target has " + brokerIds.size();
            document.addScenario(skipped);
            return new ScenarioOutcome(scenario.name(), Math.max(1, rf), scenario.acks(), scenario.pinToOneBroker(), null,
                    skipped.skipped);
        }
        TopicSpec topic = topicSpec(scenario, topicName, partitions, rf, brokerIds);
        ScenarioResult result = document.addScenario(new ScenarioResult(scenario.name(), scenario.description(),
                new ScenarioResult.TopicLayout(topicName, partitions, topic.replicaAssignment().isEmpty() ? rf : 1,
                        scenario.pinToOneBroker() ? "pinned to broker " + brokerIds.get(0) : "broker-chosen"),
                new ScenarioResult.ProducerSetup(settings.recordSizeBytes(), scenario.acks(), props)));
        topics.create(topic);
        try {
            ScenarioVerdict verdict = ramp(scenario, settings, result, topicName, props);
            synchronized (document) {
                result.verdict = verdict;
            }
            return new ScenarioOutcome(scenario.name(), rf, scenario.acks(), scenario.pinToOneBroker(), verdict);
        } finally {
            topics.delete(topicName);
        }
    }

    private ScenarioVerdict ramp(ScenarioSpec scenario, Settings settings, ScenarioResult result, String topic,
                                 Map<String, String> props) {
        RampPlan plan = settings.plan();
        // unthrottled producers queue in their own buffers, so their latency is not judged against the SLO
        Thresholds saturationThresholds = settings.thresholds().withoutLatencyJudgement();
        List<StepMeasurement> measured = new ArrayList<>();
        String stopReason = null;
        List<Integer> clientSteps = plan.clientSteps();
        for (int i = 0; i < clientSteps.size() && !control.cancelled(); i++) {
            measured.add(step(scenario, settings, result, i, clientSteps.get(i), 0, topic, props));
            RampDecision decision = RampPolicy.next(measured, saturationThresholds, clientSteps.size());
            if (decision instanceof RampDecision.Stop stop) {
                stopReason = stop.reason();
                break;
            }
        }
        if (control.cancelled()) {
            stopReason = "interrupted";
        } else if (stopReason == null) {
            stopReason = "ramp plan finished (" + clientSteps.size() + " steps)";
        }
        ScenarioVerdict saturation = VerdictFinder.find(measured, saturationThresholds, stopReason);
        if (saturation.ceiling() == null || control.cancelled() || plan.sustainableFractions().isEmpty()) {
            return new ScenarioVerdict(saturation.ceiling(), saturation.knee(), null, saturation.bottleneck(), stopReason);
        }
        return withSustainable(saturation, paced(scenario, settings, result, topic, props, measured, saturation),
                settings.thresholds());
    }

    /** Paced steps at fractions of the ceiling, with as many clients as the knee (or ceiling) had. */
    private List<StepMeasurement> paced(ScenarioSpec scenario, Settings settings, ScenarioResult result, String topic,
                                        Map<String, String> props, List<StepMeasurement> saturationSteps,
                                        ScenarioVerdict saturation) {
        int atStep = saturation.knee() != null ? saturation.knee().step() : saturation.ceiling().step();
        int clients = saturationSteps.stream().filter(s -> s.index() == atStep).findFirst().orElseThrow().clients();
        int index = saturationSteps.get(saturationSteps.size() - 1).index() + 1;
        // let followers and the page cache catch up with the saturating steps before judging latency
        control.sleep(SETTLE_BEFORE_PACED.toMillis());
        List<StepMeasurement> paced = new ArrayList<>();
        for (double fraction : settings.plan().sustainableFractions()) {
            if (control.cancelled()) {
                break;
            }
            double rate = Math.max(1, fraction * saturation.ceiling().recordsPerSecond());
            paced.add(step(scenario, settings, result, index++, clients, rate, topic, props));
        }
        return paced;
    }

    private static ScenarioVerdict withSustainable(ScenarioVerdict saturation, List<StepMeasurement> paced, Thresholds thresholds) {
        if (paced.isEmpty()) {
            return saturation;
        }
        ScenarioVerdict judged = VerdictFinder.find(paced, thresholds, saturation.stopReason());
        Bottleneck bottleneck = saturation.bottleneck();
        if (judged.sustainable() == null) {
            List<String> evidence = new ArrayList<>(bottleneck.evidence());
            judged.bottleneck().evidence().stream().filter(e -> e.startsWith("no sustainable step")).forEach(evidence::add);
            bottleneck = new Bottleneck(bottleneck.resource(), bottleneck.source(), bottleneck.summary(), evidence);
        }
        return new ScenarioVerdict(saturation.ceiling(), saturation.knee(), judged.sustainable(), bottleneck,
                saturation.stopReason());
    }

    private StepMeasurement step(ScenarioSpec scenario, Settings settings, ScenarioResult result, int index, int clients,
                                 double ratePerSecond, String topic, Map<String, String> props) {
        listener.onStepStart(scenario, index, clients);
        RampPlan plan = settings.plan();
        ProducerLoadSpec load = new ProducerLoadSpec(topic, clients, 1, false, settings.recordSizeBytes(), ratePerSecond, 0,
                plan.stepDuration(), settings.payload(), props, false);
        StepRunner.Outcome outcome = steps.run(result, index, load, plan.warmup(), null, STEP_DRAIN);
        listener.onStepDone(scenario, outcome.step());
        return toMeasurement(outcome.step());
    }

    private static TopicSpec topicSpec(ScenarioSpec scenario, String name, int partitions, int rf, List<Integer> brokerIds) {
        if (scenario.pinToOneBroker()) {
            return TopicSpec.pinnedTo(name, partitions, brokerIds.get(0));
        }
        TopicSpec spec = TopicSpec.of(name, partitions, rf);
        // the field's durable layout: acks=all waits for at least two copies, so one broker down still accepts writes
        return rf >= 3 && "all".equals(scenario.acks()) ? spec.withConfigs(Map.of("min.insync.replicas", "2")) : spec;
    }

    static StepMeasurement toMeasurement(StepResult step) {
        long errors = step.errors().values().stream().mapToLong(Long::longValue).sum();
        LatencySummary l = step.latencyUs();
        return new StepMeasurement(step.index(), step.clients(), step.targetRecordsPerSecond(), step.recordsPerSecond(),
                step.bytesPerSecond(), step.records(), errors,
                l.count() == 0 ? null : new LatencyUs(l.p50(), l.p95(), l.p99(), l.p999(), l.max(), l.mean()),
                step.resources());
    }
}
