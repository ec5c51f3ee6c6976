package io.mqprobe.chaos;

import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.PlanContext;
import io.mqprobe.experiment.Planner;
import io.mqprobe.experiment.StepAction;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.StepLoad;
import io.mqprobe.result.ScenarioResult;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One scenario, two steps: steady end-to-end load on a fresh topic with every fault of the plan as a timed action of
 * that step, so the delivery check spans the whole timeline; then the audit ({@link ChaosAudit}), a step of work.
 */
public final class ChaosPlanner implements Planner {

    public static final String KIND = "chaos";
    public static final String SCENARIO = "chaos";

    private final ChaosPlan plan;
    private final ChaosAudit audit;

    public ChaosPlanner(ChaosPlan plan, ChaosAudit audit) {
        this.plan = plan;
        this.audit = audit;
    }

    @Override
    public Optional<StepPlan> next(List<MeasuredStep> measured, PlanContext context) {
        if (measured.size() == 1) {
            return Optional.of(StepPlan.of(SCENARIO, 1, audit.after(measured.get(0).outcome().acknowledged()),
                    Duration.ZERO, Duration.ZERO));
        }
        if (!measured.isEmpty()) {
            return Optional.empty();
        }
        context.startScenario(new ScenarioResult(SCENARIO, description(), new ScenarioResult.TopicLayout(
                plan.topic().name(), plan.topic().partitions(), plan.topic().replicationFactor(), "broker-chosen"),
                new ScenarioResult.ProducerSetup(plan.producers().recordSizeBytes(), null, plan.producers().producerProperties())));
        context.createTopic(plan.topic());
        List<StepAction> actions = plan.faults().stream().<StepAction>map(StepAction.FaultAction::new).toList();
        return Optional.of(new StepPlan(SCENARIO, 0, new StepLoad.ProduceAndConsume(plan.producers(), plan.consumers()),
                plan.warmupMs(), plan.drainTimeoutMs(), actions));
    }

    private String description() {
        return "end-to-end load on " + plan.topic().name() + " while faults fire: " + plan.faults().stream()
                .map(f -> new StepAction.FaultAction(f).describe()).collect(Collectors.joining(", "));
    }
}
