package io.mqprobe.chaos;

import io.mqprobe.load.StepLoad;

import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * The work after a chaos run's load, done as a step of its own: every fault still in force mended, the wait for every
 * partition back in full ISR (the time to full ISR is measured after the load too), the whole topic read again. What it
 * finds is all the judge reads besides the load step, so the judge does none of it.
 */
public final class ChaosAudit {

    /** After the load, how long the watch goes on waiting for every partition to be back in full ISR. */
    static final long FULL_ISR_WAIT_MS = 60_000;
    static final String DESCRIPTION = "mend the faults, wait for full ISR, read the topic again";

    /**
     * What the audit step found.
     *
     * @param faults  every fault as it was fired and undone
     * @param samples the cluster watch's samples of the topic's partitions, the wait for full ISR included
     * @param audited the topic read again and checked against the acknowledgements
     */
    public record Findings(List<FaultEvent> faults, List<ClusterWatch.Sample> samples, LogAudit.Result audited) {
        public Findings {
            faults = List.copyOf(faults);
            samples = List.copyOf(samples);
        }
    }

    private final FaultLog faults;
    private final ClusterWatch watch;
    private final LogAudit audit;

    public ChaosAudit(FaultLog faults, ClusterWatch watch, LogAudit audit) {
        this.faults = faults;
        this.watch = watch;
        this.audit = audit;
    }

    /** The audit step's work, checking the log against what the load step had acknowledged. */
    StepLoad.Work after(Map<Long, BitSet> acknowledged) {
        return new StepLoad.Work(DESCRIPTION, () -> {
            faults.undoPending();
            watch.awaitFullIsr(FULL_ISR_WAIT_MS);
            LogAudit.Result audited = audit.check(acknowledged);
            return new Findings(faults.events(), watch.samples(), audited);
        });
    }
}
