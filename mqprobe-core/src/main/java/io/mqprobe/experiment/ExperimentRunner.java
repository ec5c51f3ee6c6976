package io.mqprobe.experiment;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.load.RunControl;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one run loop of mqprobe. Asks the experiment's planner for the next step, runs it through the
 * {@link StepRunner} while firing its timed actions, records everything in the result document and
 * saves it after each step, judges each scenario when the planner moves on (or the run is cancelled)
 * and deletes that scenario's topics. Commands supply the planner, the judge, the topics and the
 * action handler; none of them loops.
 */
public final class ExperimentRunner {

    private final StepRunner steps;
    private final ResultDocument document;
    private final ClusterAdmin admin;
    private final Topics topics;
    private final ActionHandler actions;
    private final RunControl control;
    private final ExperimentListener listener;
    private final Runnable saveDocument;

    /**
     * @param saveDocument writes the result document to disk (after every step and every scenario)
     */
    public ExperimentRunner(StepRunner steps, ResultDocument document, ClusterAdmin admin, Topics topics,
                            ActionHandler actions, RunControl control, ExperimentListener listener, Runnable saveDocument) {
        this.steps = steps;
        this.document = document;
        this.admin = admin;
        this.topics = topics;
        this.actions = actions;
        this.control = control;
        this.listener = listener;
        this.saveDocument = saveDocument;
    }

    public ExperimentResult run(Experiment experiment) {
        document.setExperiment(experiment.kind());
        Run run = new Run(experiment);
        try (ActionScheduler scheduler = new ActionScheduler(actions, document, listener)) {
            while (!control.cancelled()) {
                Optional<StepPlan> next = experiment.planner().next(List.copyOf(run.measured), run);
                if (next.isEmpty()) {
                    break;
                }
                run.measure(next.get(), scheduler);
            }
        } catch (RuntimeException failure) {
            // the scenario still gets its topics deleted and a verdict of what was measured; the failure wins
            try {
                run.completeCurrent(true);
            } catch (RuntimeException alsoFailed) {
                failure.addSuppressed(alsoFailed);
            }
            throw failure;
        }
        run.completeCurrent(control.cancelled());
        return new ExperimentResult(run.measured, run.verdicts, control.cancelled());
    }

    /** The state of one run, and the context its planner sees. */
    private final class Run implements PlanContext {

        private final Experiment experiment;
        private final List<MeasuredStep> measured = new ArrayList<>();
        private final Map<String, Verdict> verdicts = new LinkedHashMap<>();
        /** The current scenario's topics as created, so a backlogged one can be created again as it was. */
        private final Map<String, TopicSpec> scenarioTopics = new LinkedHashMap<>();
        private String current;

        Run(Experiment experiment) {
            this.experiment = experiment;
        }

        private static boolean paced(StepLoad load) {
            return load instanceof StepLoad.Produce p ? p.producers().paced()
                    : load instanceof StepLoad.ProduceAndConsume pc && pc.producers().paced();
        }

        /** Whether the scenario's step just before was a paced load step (not unthrottled, not work, not another scenario's). */
        private boolean previousStepPaced(String scenario) {
            if (measured.isEmpty()) {
                return false;
            }
            MeasuredStep last = measured.get(measured.size() - 1);
            return last.plan().scenario().equals(scenario) && last.outcome() != null && paced(last.plan().load());
        }

        void measure(StepPlan plan, ActionScheduler scheduler) {
            if (!plan.scenario().equals(current)) {
                throw new IllegalStateException("step of scenario " + plan.scenario() + " planned while "
                        + (current == null ? "no scenario" : current) + " is running; start it first");
            }
            if (plan.load() instanceof StepLoad.Work work) {
                measured.add(MeasuredStep.ofWork(plan, perform(work)));
                saveDocument.run();
                return;
            }
            StepResult.Settle settled = plan.settle() == null ? null
                    : new Settling(admin, steps::recentResources, control, this::recreate, topics::outgrown)
                            .await(plan.settle(), scenarioTopics.keySet(), paced(plan.load()), previousStepPaced(plan.scenario()));
            listener.onStepStart(plan);
            StepRunner.Outcome outcome;
            ActionScheduler.Step fired = scheduler.schedule(plan);
            try (fired) {
                outcome = steps.run(plan.scenario(), plan.index(), plan.load(), plan.warmup(), plan.drainTimeout(),
                        plan.precision(), settled, plan.warmUntil());
            }
            measured.add(new MeasuredStep(plan, outcome, fired.records(), null));
            listener.onStepDone(plan, outcome.step());
            saveDocument.run();
        }

        private static Object perform(StepLoad.Work work) {
            try {
                return work.work().perform();
            } catch (RuntimeException e) {
                throw e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(work.description() + " was interrupted", e);
            } catch (Exception e) {
                throw new IllegalStateException(work.description() + " failed: " + e.getMessage(), e);
            }
        }

        void completeCurrent(boolean interrupted) {
            if (current == null) {
                return;
            }
            String scenario = current;
            current = null;
            try {
                List<MeasuredStep> ofScenario = measured.stream().filter(m -> m.plan().scenario().equals(scenario)).toList();
                Verdict verdict = experiment.judge().judge(scenario, ofScenario, interrupted);
                document.completeScenario(scenario, verdict);
                verdicts.put(scenario, verdict);
                listener.onScenarioDone(scenario, verdict);
            } finally {
                scenarioTopics.keySet().forEach(topics::delete);
                scenarioTopics.clear();
                saveDocument.run();
            }
        }

        @Override
        public List<Integer> brokerIds() {
            return admin.describeBrokers().stream().map(BrokerInfo::id).sorted().toList();
        }

        @Override
        public void startScenario(ScenarioResult scenario) {
            completeCurrent(false);
            document.startScenario(scenario);
            current = scenario.name();
            listener.onScenarioStart(scenario);
        }

        @Override
        public void skipScenario(ScenarioResult scenario, String reason) {
            completeCurrent(false);
            document.skipScenario(scenario, reason);
            listener.onScenarioStart(scenario);
            saveDocument.run();
        }

        @Override
        public void createTopic(TopicSpec topic) {
            if (current == null) {
                throw new IllegalStateException("topic " + topic.name() + " created outside a scenario");
            }
            topics.create(topic);
            scenarioTopics.put(topic.name(), topic);
        }

        private void recreate(String topic) {
            topics.delete(topic);
            topics.create(scenarioTopics.get(topic));
        }
    }
}
