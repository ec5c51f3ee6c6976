package io.mqprobe.experiment;

import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.api.fault.FaultTarget;
import io.mqprobe.stamp.NanoClock;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.ResourceWindow;
import io.mqprobe.load.RunControl;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.ActionRecord;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.SingleRunVerdict;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class ExperimentRunnerTest {

    private final InstantDriver driver = new InstantDriver();
    private final ResultDocument document = new ResultDocument("test", List.of());
    private final RunControl control = new RunControl();
    private final List<String> events = new CopyOnWriteArrayList<>();
    private final AtomicInteger saves = new AtomicInteger();

    private ExperimentRunner runner(ActionHandler actions, ExperimentListener listener) {
        return runner(actions, listener, ResourceWindow.NONE);
    }

    private ExperimentRunner runner(ActionHandler actions, ExperimentListener listener, ResourceWindow monitors) {
        StepRunner steps = new StepRunner(driver, document, monitors, control, row -> { }, NanoClock.SYSTEM);
        Topics topics = new Topics() {
            @Override
            public void create(TopicSpec spec) {
                events.add("create " + spec.name());
            }

            @Override
            public void delete(String name) {
                events.add("delete " + name);
            }
        };
        return new ExperimentRunner(steps, document, driver.admin(), topics, actions, control, listener, saves::incrementAndGet);
    }

    private static StepPlan paced(String scenario, int index, double ratePerSecond) {
        ProducerLoadSpec load = new ProducerLoadSpec("t-" + scenario, 1, 1, false, 100, ratePerSecond, 0, Duration.ofSeconds(1),
                new PayloadSpec.Random(), Map.of(), false);
        return StepPlan.of(scenario, index, new StepLoad.Produce(load), Duration.ZERO, Duration.ofSeconds(5));
    }

    /** Two scenarios of two steps each; the second step of each goes at twice the rate of the first. */
    private static final class TwoByTwo implements Planner {
        final List<Integer> measuredSeen = new ArrayList<>();

        @Override
        public Optional<StepPlan> next(List<MeasuredStep> measured, PlanContext context) {
            measuredSeen.add(measured.size());
            int n = measured.size();
            if (n == 4) {
                return Optional.empty();
            }
            String scenario = n < 2 ? "a" : "b";
            if (n % 2 == 0) {
                context.startScenario(new ScenarioResult(scenario, "", null, null));
                context.createTopic(TopicSpec.of("t-" + scenario, 1, 1));
            }
            return Optional.of(paced(scenario, n % 2, n % 2 == 0 ? 200 : 400));
        }
    }

    @Test
    void should_run_every_planned_step_then_judge_each_scenario_and_delete_its_topic_before_the_next_starts() {
        TwoByTwo planner = new TwoByTwo();
        List<String> judged = new ArrayList<>();
        Judge judge = (scenario, steps, interrupted) -> {
            judged.add(scenario + ":" + steps.size() + (interrupted ? ":interrupted" : ""));
            events.add("judge " + scenario);
            return new SingleRunVerdict(steps.get(1).result().recordsPerSecond() > steps.get(0).result().recordsPerSecond()
                    ? List.of() : List.of("rate did not grow"), false);
        };

        ExperimentResult result = runner(ActionHandler.NONE, ExperimentListener.NONE).run(new Experiment("test", planner, judge));

        assertThat(planner.measuredSeen).containsExactly(0, 1, 2, 3, 4);
        assertThat(judged).containsExactly("a:2", "b:2");
        assertThat(events).containsExactly("create t-a", "judge a", "delete t-a", "create t-b", "judge b", "delete t-b");
        assertThat(result.verdicts()).containsOnlyKeys("a", "b").allSatisfy((name, v) -> assertThat(v.passed()).isTrue());
        assertThat(result.interrupted()).isFalse();
        assertThat(document.steps("a")).extracting(s -> s.index()).containsExactly(0, 1);
        assertThat(document.verdict("b")).containsInstanceOf(SingleRunVerdict.class);
        assertThat(saves.get()).isGreaterThanOrEqualTo(4 + 2); // after every step and every scenario
    }

    @Test
    void should_fire_timed_actions_at_their_offsets_and_record_failed_and_unfired_ones() {
        StepPlan step = paced("faults", 0, 200).withActions(List.of(
                new StepAction.FaultAction(new FaultSpec.Pause(FaultTarget.broker(2), 300, 100)),
                new StepAction.FaultAction(new FaultSpec.Kill(FaultTarget.LEADER, 100, 0)),
                new StepAction.FaultAction(new FaultSpec.Restart(FaultTarget.LEADER, 60_000, 0))));
        List<String> handled = new CopyOnWriteArrayList<>();
        ActionHandler handler = action -> {
            handled.add(action.describe());
            if (action instanceof StepAction.FaultAction f && f.fault() instanceof FaultSpec.Pause) {
                throw new IllegalStateException("cannot pause here");
            }
        };

        ExperimentResult result = runner(handler, ExperimentListener.NONE)
                .run(SingleRun.of(new ScenarioResult("faults", "", null, null), step));

        // the step carries its actions as they happened, for its judge
        assertThat(result.steps().get(0).actions()).containsExactlyInAnyOrderElementsOf(document.actions());
        assertThat(handled).containsExactly("kill:leader@100ms", "pause:broker-2@300ms+100ms");
        List<ActionRecord> actions = document.actions();
        assertThat(actions).extracting(ActionRecord::action, ActionRecord::outcome).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("kill:leader@100ms", ActionRecord.DONE),
                org.assertj.core.groups.Tuple.tuple("pause:broker-2@300ms+100ms", ActionRecord.FAILED),
                org.assertj.core.groups.Tuple.tuple("restart:leader@60000ms", ActionRecord.NOT_FIRED));
        ActionRecord kill = actions.stream().filter(a -> a.action().startsWith("kill")).findFirst().orElseThrow();
        assertThat(kill.firedOffsetMs()).isBetween(100L, 1_500L); // never early; late only by scheduling
        assertThat(actions.stream().filter(a -> a.outcome().equals(ActionRecord.FAILED)).findFirst().orElseThrow().error())
                .isEqualTo("cannot pause here");
    }

    @Test
    void should_perform_a_step_of_work_and_hand_what_it_found_to_the_judge_without_recording_a_load_step() {
        List<String> performed = new CopyOnWriteArrayList<>();
        Planner loadThenWork = (measured, context) -> {
            if (measured.isEmpty()) {
                context.startScenario(new ScenarioResult("audited", "", null, null));
                return Optional.of(paced("audited", 0, 200));
            }
            if (measured.size() == 1) {
                long acked = measured.get(0).result().records();
                return Optional.of(StepPlan.of("audited", 1, new StepLoad.Work("count again", () -> {
                    performed.add("work");
                    return "read back " + acked;
                }), Duration.ZERO, Duration.ZERO));
            }
            return Optional.empty();
        };
        List<Object> seen = new ArrayList<>();
        Judge judge = (scenario, steps, interrupted) -> {
            seen.add(steps.get(1).findings());
            return new SingleRunVerdict(List.of(), false);
        };

        ExperimentResult result = runner(ActionHandler.NONE, ExperimentListener.NONE).run(new Experiment("test", loadThenWork, judge));

        assertThat(performed).containsExactly("work");
        assertThat(seen).containsExactly("read back " + result.steps().get(0).result().records());
        assertThat(result.steps().get(1).outcome()).isNull();
        assertThat(document.steps("audited")).hasSize(1);   // the result's steps are the measured ones
    }

    @Test
    void should_wait_for_idle_brokers_before_a_paced_step_after_an_unthrottled_one_but_not_after_a_paced_one() {
        // broker-1 reads busy throughout: a step that waits for idle brokers waits to the bound and says so
        ResourceWindow busyBroker = (from, to) -> List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.45, 0.45, 0.5));
        SettleSpec settle = new SettleSpec(Duration.ofMillis(600), 25, 15, false);
        List<StepPlan> plans = List.of(paced("r", 0, 0), paced("r", 1, 200), paced("r", 2, 400));
        Planner planner = (measured, context) -> {
            if (measured.isEmpty()) {
                context.startScenario(new ScenarioResult("r", "", null, null));
                context.createTopic(TopicSpec.of("t-r", 1, 1));
            }
            return measured.size() == plans.size() ? Optional.empty()
                    : Optional.of(plans.get(measured.size()).withPrecision(null, settle));
        };

        runner(ActionHandler.NONE, ExperimentListener.NONE, busyBroker)
                .run(new Experiment("test", planner, (scenario, steps, interrupted) -> new SingleRunVerdict(List.of(), false)));

        List<StepResult.Settle> settles = document.steps("r").stream().map(StepResult::settle).toList();
        assertThat(settles.get(0).unsettled()).isNull();                               // unthrottled, no backlog
        assertThat(settles.get(1).unsettled()).startsWith("still unsettled").contains("broker-1 CPU 90 %");
        assertThat(settles.get(2).unsettled()).isNull();                               // after a paced step
        assertThat(settles.get(2).waitedMs()).isLessThan(300);
    }

    @Test
    void should_stop_asking_the_planner_once_cancelled_and_judge_the_scenario_as_interrupted() {
        TwoByTwo planner = new TwoByTwo();
        List<Boolean> interruptedFlags = new ArrayList<>();
        Judge judge = (scenario, steps, interrupted) -> {
            interruptedFlags.add(interrupted);
            return new SingleRunVerdict(List.of(), false);
        };
        ExperimentListener cancelAfterFirstStep = new ExperimentListener() {
            @Override
            public void onStepDone(StepPlan plan, io.mqprobe.result.StepResult step) {
                control.cancel();
            }
        };

        ExperimentResult result = runner(ActionHandler.NONE, cancelAfterFirstStep).run(new Experiment("test", planner, judge));

        assertThat(planner.measuredSeen).containsExactly(0);
        assertThat(interruptedFlags).containsExactly(true);
        assertThat(result.interrupted()).isTrue();
        assertThat(events).containsExactly("create t-a", "delete t-a");
        Verdict verdict = result.verdicts().get("a");
        assertThat(verdict).isNotNull();
    }
}
