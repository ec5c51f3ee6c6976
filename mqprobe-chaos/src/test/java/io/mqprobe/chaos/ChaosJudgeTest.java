package io.mqprobe.chaos;

import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.api.fault.FaultTarget;
import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.StepAction;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.ActionRecord;
import io.mqprobe.result.PlantedStepResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.stats.DeliveryReport;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The chaos judge as a function of the two recorded steps, the load and the audit, and nothing else. */
class ChaosJudgeTest {

    private static final long START_MS = Instant.parse("2026-11-27T10:00:00Z").toEpochMilli();
    private static final FaultSpec KILL = new FaultSpec.Kill(FaultTarget.LEADER, 10_000, 5_000);

    @Test
    void should_fail_on_a_loss_the_audit_step_found_though_the_consumers_saw_none() {
        DeliveryReport consumersSaw = new DeliveryReport(1000, 0, 0, 0, 0, 1, true, null);
        DeliveryReport logSays = new DeliveryReport(997, 0, 0, 3, 0, 1, true, null);

        ChaosVerdict verdict = judge(List.of(load(consumersSaw), audit(new LogAudit.Result(logSays, null, false))), false);

        assertThat(verdict.passed()).isFalse();
        assertThat(verdict.lost()).isEqualTo(3);
        assertThat(verdict.logAudited()).isTrue();
        assertThat(verdict.problems()).contains("3 acknowledged messages lost");
        assertThat(verdict.faults()).singleElement().satisfies(f -> {
            assertThat(f.outcome()).isEqualTo(FaultEvent.DONE);
            assertThat(f.brokers()).containsExactly(2);
        });
    }

    @Test
    void should_pass_when_the_audit_step_read_back_everything_acknowledged() {
        DeliveryReport complete = new DeliveryReport(1000, 0, 0, 0, 0, 1, true, null);

        ChaosVerdict verdict = judge(List.of(load(complete), audit(new LogAudit.Result(complete, null, false))), false);

        assertThat(verdict.problems()).isEmpty();
        assertThat(verdict.acknowledged()).isEqualTo(1000);
    }

    @Test
    void should_judge_a_run_cut_short_before_its_audit_on_what_the_load_saw_and_say_so() {
        DeliveryReport consumersSaw = new DeliveryReport(1000, 0, 0, 0, 0, 1, true, null);

        ChaosVerdict verdict = judge(List.of(load(consumersSaw)), true);

        assertThat(verdict.logAudited()).isFalse();
        assertThat(verdict.auditNote()).isEqualTo("the run was interrupted");
        // without the audit's record of the faults, the load step's record of its actions says the fault fired
        assertThat(verdict.faults()).singleElement().satisfies(f -> assertThat(f.outcome()).isEqualTo(ActionRecord.DONE));
    }

    private static ChaosVerdict judge(List<MeasuredStep> steps, boolean interrupted) {
        return (ChaosVerdict) new ChaosJudge().judge(ChaosPlanner.SCENARIO, steps, interrupted);
    }

    private static MeasuredStep load(DeliveryReport delivery) {
        ProducerLoadSpec producers = new ProducerLoadSpec("t", 1, 1, false, 100, 100, 0, Duration.ofSeconds(30),
                new PayloadSpec.Random(), Map.of(), true);
        ConsumerLoadSpec consumers = new ConsumerLoadSpec(List.of("t"), "g", 1, 0, Duration.ofSeconds(30), Map.of());
        StepPlan plan = new StepPlan(ChaosPlanner.SCENARIO, 0, new StepLoad.ProduceAndConsume(producers, consumers), 1000, 0,
                List.of(new StepAction.FaultAction(KILL)));
        LatencySummary latency = PlantedStepResult.WITHIN_SLO;
        StepResult result = new StepResult(0, 1, 100.0, Instant.ofEpochMilli(START_MS).toString(), 1000, 29_000, 1000,
                100_000, 100, 10_000, Map.of(), latency, latency, latency, null, null, List.of());
        BitSet acked = new BitSet();
        acked.set(0, 1000);
        StepRunner.Outcome outcome = new StepRunner.Outcome(result, null, delivery, 0, 0, List.of(), Map.of(1L, acked));
        ActionRecord fired = new ActionRecord(ChaosPlanner.SCENARIO, 0, new StepAction.FaultAction(KILL).describe(), 10_000,
                10_010L, ActionRecord.DONE, null);
        return new MeasuredStep(plan, outcome, List.of(fired), null);
    }

    private static MeasuredStep audit(LogAudit.Result audited) {
        FaultEvent killed = new FaultEvent(KILL, List.of(2), FaultEvent.DONE, START_MS + 10_010, START_MS + 15_010, null);
        StepPlan plan = StepPlan.of(ChaosPlanner.SCENARIO, 1, new StepLoad.Work(ChaosAudit.DESCRIPTION, () -> null),
                Duration.ZERO, Duration.ZERO);
        return MeasuredStep.ofWork(plan, new ChaosAudit.Findings(List.of(killed), List.of(), audited));
    }
}
