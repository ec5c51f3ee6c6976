package io.mqprobe.sweep;

import io.mqprobe.api.TopicSpec;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.PlanContext;
import io.mqprobe.experiment.Planner;
import io.mqprobe.experiment.StepAction;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.scenario.ProbeJudge;
import io.mqprobe.scenario.ProbePlanner;
import io.mqprobe.search.RampDecision;
import io.mqprobe.search.RampPolicy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The sweep's plan: for every study, every cell measured {@code repeats} times in alternating order,
 * each run a scenario on a fresh topic. A run is the probe's ramp (more clients per unthrottled step
 * until {@link RampPolicy} says stop), or one paced step with {@code --rate}, or for a consumer study a
 * backlog produced and then consumed. Broker settings of a cell are {@link StepAction.BrokerConfigChange}s
 * on the run's first step, applied on every broker before its load starts.
 */
public final class SweepPlanner implements Planner {

    private final List<SweepStudy> studies;
    private final SweepSettings settings;
    private final Function<String, String> topicNames;
    private final Map<String, RunInfo> runs = new LinkedHashMap<>();
    private final Map<String, String> failures = new ConcurrentHashMap<>();
    private int study;
    private List<SweepCell.Run> order;
    private int nextRun;
    private RunInfo current;
    private int nextIndex;

    /** What one scenario of the sweep measures. */
    public record RunInfo(SweepStudy study, SweepCell cell, int repeat, int position, String topic) {
    }

    /** @param topicNames a fresh topic name for a scenario name */
    public SweepPlanner(List<SweepStudy> studies, SweepSettings settings, Function<String, String> topicNames) {
        this.studies = List.copyOf(studies);
        this.settings = settings;
        this.topicNames = topicNames;
    }

    /** Scenario name of a run: {@code compression.type=lz4 #2}. */
    static String scenarioName(SweepCell cell, int repeat) {
        return cell.label() + " #" + repeat;
    }

    @Override
    public Optional<StepPlan> next(List<MeasuredStep> measured, PlanContext context) {
        while (true) {
            if (current != null) {
                Optional<StepPlan> step = nextStep(measured);
                if (step.isPresent()) {
                    return step;
                }
                current = null;
            }
            if (order == null || nextRun >= order.size()) {
                if (study >= studies.size()) {
                    return Optional.empty();
                }
                order = SweepCell.alternating(studies.get(study++).cells(), settings.repeats());
                nextRun = 0;
            }
            if (start(studies.get(study - 1), order.get(nextRun), nextRun++, context)) {
                return Optional.of(firstStep(context));
            }
        }
    }

    /** Every run the planner got to, by scenario name, in order. */
    public Map<String, RunInfo> runs() {
        return Map.copyOf(runs);
    }

    /** Why a run failed before its load could say so (a rejected config change, a layout the cluster cannot hold). */
    public Optional<String> failure(String scenario) {
        return Optional.ofNullable(failures.get(scenario));
    }

    /** Marks the run that is going on as failed (the command's action handler calls this). */
    public void currentFailed(String reason) {
        RunInfo run = current;
        if (run != null) {
            failures.merge(scenarioName(run.cell(), run.repeat()), reason, (a, b) -> a + "; " + b);
        }
    }

    private boolean start(SweepStudy s, SweepCell.Run run, int position, PlanContext context) {
        String name = scenarioName(run.cell(), run.repeat());
        int partitions = intOr(run.cell(), SweepFactor.Kind.PARTITIONS, s, settings.partitions());
        int brokers = context.brokerIds().size();
        int rf = intOr(run.cell(), SweepFactor.Kind.REPLICATION, s,
                settings.replicationFactor() > 0 ? settings.replicationFactor() : Math.min(3, brokers));
        String description = s.name() + ": " + run.cell().label() + ", run " + run.repeat() + " of " + settings.repeats();
        ScenarioResult.ProducerSetup producer = new ScenarioResult.ProducerSetup(recordSize(run.cell(), s), null,
                producerProperties(run.cell(), s));
        if (rf > brokers) {
            String reason = "replication factor " + rf + " needs " + rf + " brokers, the target has " + brokers;
            failures.put(name, reason);
            runs.put(name, new RunInfo(s, run.cell(), run.repeat(), position, null));
            context.skipScenario(new ScenarioResult(name, description, null, producer), reason);
            return false;
        }
        String topic = topicNames.apply("sweep");
        context.startScenario(new ScenarioResult(name, description,
                new ScenarioResult.TopicLayout(topic, partitions, rf, "broker-chosen"), producer));
        context.createTopic(TopicSpec.of(topic, partitions, rf));
        current = new RunInfo(s, run.cell(), run.repeat(), position, topic);
        runs.put(name, current);
        nextIndex = 0;
        return true;
    }

    private StepPlan firstStep(PlanContext context) {
        List<StepAction> changes = new ArrayList<>();
        for (SweepFactor f : current.study().factors()) {
            if (f.kind() == SweepFactor.Kind.BROKER) {
                String value = current.cell().values().get(f.key());
                context.brokerIds().forEach(id -> changes.add(new StepAction.BrokerConfigChange(id, f.settingName(), value)));
            }
        }
        StepPlan first = current.study().consumes() ? backlogStep() : produceStep(firstClients());
        return first.withActions(changes);
    }

    private Optional<StepPlan> nextStep(List<MeasuredStep> measured) {
        String name = scenarioName(current.cell(), current.repeat());
        List<MeasuredStep> mine = measured.stream().filter(m -> m.plan().scenario().equals(name)).toList();
        if (current.study().consumes()) {
            return mine.size() == 1 ? Optional.of(consumeStep()) : Optional.empty();
        }
        if (settings.paced() || varies(SweepFactor.Kind.CLIENTS)) {
            return Optional.empty();   // one step: the paced rate, or the given number of clients
        }
        List<Integer> clientSteps = settings.ramp().clientSteps();
        RampDecision decision = RampPolicy.next(ProbeJudge.measurements(mine.stream().filter(ProbePlanner::saturating).toList(), true),
                settings.thresholds().withoutLatencyJudgement(), clientSteps.size());
        if (decision instanceof RampDecision.Continue && mine.size() < clientSteps.size()) {
            return Optional.of(produceStep(clientSteps.get(mine.size())));
        }
        return Optional.empty();
    }

    private int firstClients() {
        if (varies(SweepFactor.Kind.CLIENTS)) {
            return intOr(current.cell(), SweepFactor.Kind.CLIENTS, current.study(), settings.clients());
        }
        return settings.paced() ? settings.clients() : settings.ramp().clientSteps().get(0);
    }

    private StepPlan produceStep(int clients) {
        ProducerLoadSpec load = new ProducerLoadSpec(current.topic(), clients, 1, false, recordSize(current.cell(), current.study()),
                settings.rateRecordsPerSecond(), 0, settings.ramp().stepDuration(), settings.payload(),
                producerProperties(current.cell(), current.study()), false);
        return step(new StepLoad.Produce(load), settings.ramp().warmup());
    }

    /** Fills the topic as fast as the producers go; not judged, it only gives the consumers something to read. */
    private StepPlan backlogStep() {
        ProducerLoadSpec load = new ProducerLoadSpec(current.topic(), settings.clients(), 1, false,
                recordSize(current.cell(), current.study()), 0, settings.backlogRecords(),
                settings.ramp().stepDuration().multipliedBy(3), settings.payload(), settings.producerProperties(), false);
        return step(new StepLoad.Produce(load), Duration.ZERO);
    }

    /** Reads the backlog from the start, measured from the first fetch: a backlog read is over in seconds. */
    private StepPlan consumeStep() {
        Map<String, String> props = new LinkedHashMap<>(settings.consumerProperties());
        SweepCell cell = current.cell();
        current.study().factors().stream().filter(f -> f.kind() == SweepFactor.Kind.CONSUMER)
                .forEach(f -> props.put(f.key(), cell.values().get(f.key())));
        int threads = intOr(cell, SweepFactor.Kind.CONSUMER_THREADS, current.study(), settings.consumerThreads());
        ConsumerLoadSpec load = new ConsumerLoadSpec(List.of(current.topic()), current.topic() + "-group", threads,
                settings.backlogRecords(), settings.ramp().stepDuration().multipliedBy(3), props);
        return step(new StepLoad.Consume(load), Duration.ZERO);
    }

    private StepPlan step(StepLoad load, Duration warmup) {
        return StepPlan.of(scenarioName(current.cell(), current.repeat()), nextIndex++, load, warmup, SweepSettings.STEP_DRAIN);
    }

    private boolean varies(SweepFactor.Kind kind) {
        return current.study().factors().stream().anyMatch(f -> f.kind() == kind);
    }

    private Map<String, String> producerProperties(SweepCell cell, SweepStudy s) {
        Map<String, String> props = new LinkedHashMap<>(settings.producerProperties());
        s.factors().stream().filter(f -> f.kind() == SweepFactor.Kind.PRODUCER).forEach(f -> props.put(f.key(), cell.values().get(f.key())));
        return props;
    }

    private int recordSize(SweepCell cell, SweepStudy s) {
        return intOr(cell, SweepFactor.Kind.RECORD_SIZE, s, settings.recordSizeBytes());
    }

    private static int intOr(SweepCell cell, SweepFactor.Kind kind, SweepStudy s, int fallback) {
        return s.factors().stream().filter(f -> f.kind() == kind).findFirst()
                .map(f -> SweepFactor.intValue(kind, cell.values().get(f.key()))).orElse(fallback);
    }
}
