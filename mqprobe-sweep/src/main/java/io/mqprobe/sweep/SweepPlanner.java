package io.mqprobe.sweep;

import io.mqprobe.api.TopicSpec;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.PlanContext;
import io.mqprobe.experiment.Planner;
import io.mqprobe.experiment.StepAction;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.probe.ProbeJudge;
import io.mqprobe.probe.ProbePlanner;
import io.mqprobe.search.RampDecision;
import io.mqprobe.search.RampPolicy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The sweep's plan: for every study, every cell measured {@code repeats} times in alternating order,
 * each run a scenario on a fresh topic. A run is the probe's ramp (more clients per unthrottled step
 * until {@link RampPolicy} says stop), or one paced step with {@code --rate}, or for a consumer study a
 * backlog produced and then consumed ({@link SweepSteps} builds them). Broker settings of a cell are
 * {@link StepAction.BrokerConfigChange}s on the run's first step, applied on every broker before its load starts.
 */
public final class SweepPlanner implements Planner {

    private final List<SweepRuns.Run> planned;
    private final SweepSettings settings;
    private final SweepSteps steps;
    private final Function<String, String> topicNames;
    private final SweepRuns runs;
    private int nextRun;
    private SweepRuns.Run current;
    private int nextIndex;

    /**
     * @param topicNames a fresh topic name for a scenario name
     * @param runs       where every run is recorded, for the judge and the summary
     */
    public SweepPlanner(List<SweepStudy> studies, SweepSettings settings, Function<String, String> topicNames, SweepRuns runs) {
        this.planned = SweepRuns.planned(studies, settings.repeats());
        this.settings = settings;
        this.steps = new SweepSteps(settings);
        this.topicNames = topicNames;
        this.runs = runs;
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
            if (nextRun >= planned.size()) {
                return Optional.empty();
            }
            if (start(planned.get(nextRun++), context)) {
                return Optional.of(firstStep(context));
            }
        }
    }

    private boolean start(SweepRuns.Run planned, PlanContext context) {
        SweepStudy s = planned.study();
        int brokers = context.brokerIds().size();
        int partitions = SweepSteps.intOr(planned, SweepFactor.Kind.PARTITIONS, TopicSpec.partitionsOn(settings.partitions(), brokers));
        int rf = SweepSteps.intOr(planned, SweepFactor.Kind.REPLICATION, TopicSpec.replicationOn(settings.replicationFactor(), brokers));
        String description = s.name() + ": " + planned.cell().label() + ", run " + planned.repeat() + " of " + settings.repeats();
        ScenarioResult.ProducerSetup producer = new ScenarioResult.ProducerSetup(steps.recordSize(planned), null,
                steps.producerProperties(planned));
        if (rf > brokers) {
            String reason = "replication factor " + rf + " needs " + rf + " brokers, the target has " + brokers;
            runs.skipped(planned, reason);
            context.skipScenario(new ScenarioResult(planned.scenario(), description, null, producer), reason);
            return false;
        }
        String topic = topicNames.apply("sweep");
        context.startScenario(new ScenarioResult(planned.scenario(), description,
                new ScenarioResult.TopicLayout(topic, partitions, rf, "broker-chosen"), producer));
        context.createTopic(TopicSpec.of(topic, partitions, rf));
        current = new SweepRuns.Run(s, planned.cell(), planned.repeat(), planned.position(), topic);
        runs.started(current);
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
        StepPlan first = current.study().consumes() ? steps.backlog(current, nextIndex++) : steps.produce(current, nextIndex++, firstClients());
        return first.withActions(changes);
    }

    private Optional<StepPlan> nextStep(List<MeasuredStep> measured) {
        String name = current.scenario();
        List<MeasuredStep> mine = measured.stream().filter(m -> m.plan().scenario().equals(name)).toList();
        if (current.study().consumes()) {
            return mine.size() == 1 ? Optional.of(steps.consume(current, nextIndex++)) : Optional.empty();
        }
        if (settings.paced() || varies(SweepFactor.Kind.CLIENTS)) {
            return Optional.empty();   // one step: the paced rate, or the given number of clients
        }
        List<Integer> clientSteps = settings.ramp().clientSteps();
        RampDecision decision = RampPolicy.next(ProbeJudge.measurements(mine.stream().filter(ProbePlanner::saturating).toList(), true),
                settings.thresholds().withoutLatencyJudgement(), clientSteps.size());
        if (decision instanceof RampDecision.Continue && mine.size() < clientSteps.size()) {
            return Optional.of(steps.produce(current, nextIndex++, clientSteps.get(mine.size())));
        }
        return Optional.empty();
    }

    private int firstClients() {
        if (varies(SweepFactor.Kind.CLIENTS)) {
            return SweepSteps.intOr(current, SweepFactor.Kind.CLIENTS, settings.clients());
        }
        return settings.paced() ? settings.clients() : settings.ramp().clientSteps().get(0);
    }

    private boolean varies(SweepFactor.Kind kind) {
        return current.study().factors().stream().anyMatch(f -> f.kind() == kind);
    }
}
