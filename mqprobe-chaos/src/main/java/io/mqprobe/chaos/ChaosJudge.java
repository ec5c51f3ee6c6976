package io.mqprobe.chaos;

import io.mqprobe.experiment.Judge;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.StepAction;
import io.mqprobe.result.ActionRecord;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.StepResult;
import io.mqprobe.result.TimedRow;
import io.mqprobe.stats.DeliveryReport;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Judges a chaos run from its two steps alone, the load and the audit ({@link ChaosAudit}): delivery from the stamped
 * messages (acknowledged and lost, duplicated, reordered), read from the whole topic again after the load
 * ({@link LogAudit}; the load's consumers' view when that read proves nothing), and per fault what the load's
 * per-second rows and the cluster watch show. The run fails when an
 * acknowledged message was lost or duplicated, the loss could not be checked, the topic could not be read again
 * after the faults, or a fault failed.
 * Reordering is reported, not failed on: with retries and several in-flight requests without
 * idempotence it is what the settings allow.
 */
public final class ChaosJudge implements Judge {

    @Override
    public ChaosVerdict judge(String scenario, List<MeasuredStep> steps, boolean interrupted) {
        List<String> problems = new ArrayList<>();
        if (steps.isEmpty()) {
            return new ChaosVerdict(0, 0, 0, 0, false, false, "no step ran", java.util.Map.of(), List.of(), List.of("no step ran"));
        }
        MeasuredStep measured = steps.get(0);
        StepResult step = measured.result();
        // the audit step ran unless the run was cut short before it: then what the load saw is all there is
        ChaosAudit.Findings found = steps.stream().map(MeasuredStep::findings).filter(ChaosAudit.Findings.class::isInstance)
                .map(ChaosAudit.Findings.class::cast).findFirst()
                .orElse(new ChaosAudit.Findings(List.of(), List.of(), LogAudit.Result.inconclusive(interrupted
                        ? "the run was interrupted" : "the topic was not read again")));
        // the log after every fault is mended is the proof: the consumers may have read what the cluster later lost
        LogAudit.Result audited = found.audited();
        DeliveryReport delivery = audited.proves() ? audited.report() : measured.outcome().delivery();
        // every acknowledged message counts, warm-up included: the loss check covers them all
        long acknowledged = measured.outcome().acknowledged().isEmpty() ? measured.outcome().window().records()
                : measured.outcome().acknowledged().values().stream().mapToLong(java.util.BitSet::cardinality).sum();
        long lost = delivery == null ? 0 : delivery.lost();
        long duplicated = delivery == null ? 0 : delivery.duplicates();
        long reordered = delivery == null ? 0 : delivery.outOfOrder();
        boolean checked = delivery != null && delivery.checkedAgainstAcks();
        if (lost > 0) {
            problems.add(lost + " acknowledged messages lost");
        }
        if (duplicated > 0) {
            problems.add(duplicated + " messages duplicated");
        }
        if (acknowledged == 0) {
            problems.add("no message was acknowledged: the run proves nothing about loss");
        }
        if (!checked) {
            problems.add("loss could not be checked against acknowledgements");
        }
        if (audited.unreadable()) {
            // the consumers may have read everything before a fault destroyed it: only the log after the faults tells
            problems.add("the topic could not be read again after the faults were mended (" + audited.inconclusive()
                    + "): nothing shows the acknowledged messages survived them");
        } else if (delivery != null && !audited.proves() && delivery.unread() > 0) {
            // the consumers stopped short of acknowledged messages and the log read proved nothing: a run that
            // cannot tell must not pass
            problems.add(delivery.unread() + " acknowledged messages could not be checked: the consumers did not read "
                    + "their partitions to the end and the topic read again proves nothing (" + audited.inconclusive() + ")");
        }
        measured.outcome().consumerFailures().stream().findFirst()
                .ifPresent(failure -> problems.add("consumer failed: " + failure));
        long stepStartMs = Instant.parse(step.startedAt()).toEpochMilli();
        long loadEndMs = stepStartMs + measured.plan().load().producerSpec().orElseThrow().duration().toMillis();
        List<ChaosVerdict.Fault> rows = faultRows(measured, found, loadEndMs, problems);
        return new ChaosVerdict(acknowledged, lost, duplicated, reordered, checked, audited.proves(), audited.inconclusive(),
                step.errors(), rows, problems);
    }

    private static List<ChaosVerdict.Fault> faultRows(MeasuredStep load, ChaosAudit.Findings found, long loadEndMs,
                                                     List<String> problems) {
        List<StepAction> planned = load.plan().actions();
        List<IntervalRow> rows = load.outcome().rows();
        List<FaultEvent> events = found.faults();
        List<ClusterWatch.Sample> samples = found.samples();
        double baseline = baseline(rows, events.isEmpty() ? loadEndMs : events.get(0).firedEpochMs());
        List<ChaosVerdict.Fault> out = new ArrayList<>();
        for (int i = 0; i < planned.size(); i++) {
            String name = planned.get(i).describe();
            FaultEvent e = i < events.size() ? events.get(i) : null;
            if (e == null) {
                // without the audit's record of the faults, the load step's own record of its actions says what fired
                String outcome = events.isEmpty() ? recordedOutcome(load, name) : ActionRecord.NOT_FIRED;
                out.add(new ChaosVerdict.Fault(name, List.of(), outcome, null, null, null, null, null, null, null,
                        baseline, OptionalDouble.empty(), null, 0));
                continue;
            }
            if (e.error() != null) {
                problems.add("fault " + name + " failed: " + e.error());
            }
            if (FaultEvent.IN_PROGRESS.equals(e.outcome())) {
                problems.add("fault " + name + " was still being applied when the load ended");
            }
            long windowEnd = i + 1 < events.size() ? events.get(i + 1).firedEpochMs() : loadEndMs;
            FaultTimeline t = new FaultTimeline(e.firedEpochMs(), windowEnd, rows);
            long[] gap = t.unavailability();
            out.add(new ChaosVerdict.Fault(name, e.brokers(), e.outcome(), e.firedEpochMs(),
                    e.undoneEpochMs() == null ? null : e.undoneEpochMs() - e.firedEpochMs(),
                    gap == null ? null : gap[0], gap == null ? 0L : gap[1], t.consumerStallMs(),
                    FaultTimeline.newLeaderAfterMs(samples, e.brokers(), e.firedEpochMs(), loadEndMs),
                    FaultTimeline.fullIsrAfterMs(samples, e.firedEpochMs()),
                    baseline, t.lowestAckedPerSecond(), t.recoveredAfterMs(baseline), t.errors()));
        }
        return out;
    }

    /** How the load step recorded its action {@code name}: done, failed, or not fired. */
    private static String recordedOutcome(MeasuredStep load, String name) {
        return load.actions().stream().filter(a -> a.action().equals(name)).map(ActionRecord::outcome).findFirst()
                .orElse(ActionRecord.NOT_FIRED);
    }

    /**
     * Mean acknowledged rate of the measured seconds before the first fault (all of them when it came early), each
     * weighed by its length.
     */
    private static double baseline(List<IntervalRow> rows, long firstFaultMs) {
        List<TimedRow> timed = TimedRow.of(rows);
        List<TimedRow> before = timed.stream()
                .filter(r -> r.row().epochMs() <= firstFaultMs && r.row().ackedPerSecond() > 0).toList();
        List<TimedRow> use = before.isEmpty() ? timed.stream().filter(r -> r.row().ackedPerSecond() > 0).toList() : before;
        return TimedRow.mean(use, IntervalRow::ackedPerSecond);
    }

    /** "lost 0, duplicated 0, reordered 0 of 123,456 acknowledged", for summaries. */
    public static String deliveryLine(ChaosVerdict v) {
        return String.format(Locale.ROOT, "%,d acknowledged: lost %d, duplicated %d, reordered %d%s", v.acknowledged(),
                v.lost(), v.duplicated(), v.reordered(), !v.lossCheckedAgainstAcks() ? ""
                        : v.logAudited() ? " (the whole topic read again and checked against acknowledgements)"
                        : " (what the consumers read, checked against acknowledgements; " + v.auditNote() + ")");
    }
}
