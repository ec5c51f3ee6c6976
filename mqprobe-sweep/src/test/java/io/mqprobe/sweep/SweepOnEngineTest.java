package io.mqprobe.sweep;

import io.mqprobe.api.TopicSpec;
import io.mqprobe.experiment.ActionHandler;
import io.mqprobe.experiment.Experiment;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.ExperimentRunner;
import io.mqprobe.experiment.InstantDriver;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.StepAction;
import io.mqprobe.experiment.Topics;
import io.mqprobe.stamp.NanoClock;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ResourceWindow;
import io.mqprobe.load.RunControl;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.ActionRecord;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.probe.RampPlan;
import io.mqprobe.search.Thresholds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** The sweep's plan on the engine: alternating runs, config changes before each run's load, failures marked. */
@Timeout(90)
class SweepOnEngineTest {

    @Test
    void should_apply_each_value_on_every_broker_before_its_runs_in_alternating_order_and_mark_rejected_values() {
        InstantDriver driver = new InstantDriver(); // brokers 1 and 3
        ResultDocument document = new ResultDocument("sweep", List.of());
        RunControl control = new RunControl();
        Topics topics = new Topics() {
            @Override
            public void create(TopicSpec spec) {
            }

            @Override
            public void delete(String name) {
            }
        };
        SweepStudy study = new SweepStudy(List.of(SweepFactor.parse("broker:num.replica.fetchers=1,4,bad")));
        SweepSettings settings = new SweepSettings(100, 2, 1, 1, 1, 2000, 2, 10, new PayloadSpec.Random(), Map.of(), Map.of(),
                new RampPlan(Duration.ZERO, Duration.ofSeconds(1), 2, 2, List.of()), Thresholds.defaults());
        SweepRuns runs = new SweepRuns();
        SweepPlanner planner = new SweepPlanner(List.of(study), settings, name -> "topic-" + name, runs);
        List<String> applied = new CopyOnWriteArrayList<>();
        ActionHandler brokers = action -> {
            StepAction.BrokerConfigChange change = (StepAction.BrokerConfigChange) action;
            if (change.value().equals("bad")) {
                throw new IllegalArgumentException("the broker rejects " + change.value());
            }
            applied.add(change.brokerId() + ":" + change.value());
        };
        StepRunner steps = new StepRunner(driver, document, ResourceWindow.NONE, control, row -> { }, NanoClock.SYSTEM);

        ExperimentResult result = new ExperimentRunner(steps, document, driver.admin(), topics, brokers, control,
                ExperimentListener.NONE, () -> { }).run(new Experiment(SweepJudge.KIND, planner, new SweepJudge(List.of(study),
                settings.repeats(), settings.thresholds())));

        assertThat(result.verdicts().keySet()).containsExactly("broker:num.replica.fetchers=1 #1",
                "broker:num.replica.fetchers=4 #1", "broker:num.replica.fetchers=bad #1", "broker:num.replica.fetchers=bad #2",
                "broker:num.replica.fetchers=4 #2", "broker:num.replica.fetchers=1 #2");
        assertThat(applied).containsExactly("1:1", "3:1", "1:4", "3:4", "1:4", "3:4", "1:1", "3:1");
        // applied before the load: fired at the step's start, recorded like any action
        assertThat(document.actions()).extracting(ActionRecord::outcome).contains(ActionRecord.DONE, ActionRecord.FAILED);
        assertThat(document.actions()).allSatisfy(a -> assertThat(a.firedOffsetMs()).isNotNull());
        SweepVerdict ok = (SweepVerdict) result.verdicts().get("broker:num.replica.fetchers=4 #1");
        assertThat(ok.passed()).isTrue();
        assertThat(ok.metrics().get(SweepMetric.THROUGHPUT.name())).isPositive();
        assertThat(ok.metrics()).containsEntry(SweepMetric.BATCH.name(), 1234.0);   // the client's own metric came through
        assertThat(result.steps().get(0).result().targetRecordsPerSecond()).isEqualTo(2000.0);

        List<SweepVerdict> verdicts = result.verdicts().values().stream().map(SweepVerdict.class::cast).toList();
        SweepRanking.Answer answer = SweepRanking.rank(study, verdicts, SweepMetric.THROUGHPUT);
        SweepRanking.Row last = answer.rows().get(answer.rows().size() - 1);
        assertThat(last.label()).isEqualTo("broker:num.replica.fetchers=bad");
        assertThat(last.failure()).contains("rejected: the broker rejects bad");
        // the judge is a function of the plan and the recorded steps: a fresh one judges them alike
        String bad = "broker:num.replica.fetchers=bad #2";
        List<MeasuredStep> recorded = result.steps().stream().filter(s -> s.plan().scenario().equals(bad)).toList();
        assertThat(new SweepJudge(List.of(study), settings.repeats(), settings.thresholds()).judge(bad, recorded, false))
                .isEqualTo(result.verdicts().get(bad));
    }
}
