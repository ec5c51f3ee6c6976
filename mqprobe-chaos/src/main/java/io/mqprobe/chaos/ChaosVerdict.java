package io.mqprobe.chaos;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.mqprobe.result.Verdict;
import io.mqprobe.result.VerdictTypes;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The verdict of a {@code chaos} run: what the stamped messages say about delivery across all faults,
 * and per fault what producers, consumers and the cluster went through.
 *
 * @param acknowledged           messages the producers had acknowledged
 * @param lost                   acknowledged messages the topic no longer holds when read again from its start
 *                               after the load ({@code logAudited}); without that read, acknowledged messages
 *                               the load's consumers provably read past without seeing
 * @param duplicated             messages the log holds more than once (without the read: that consumers read twice)
 * @param reordered              messages after a later one of the same producer stream in the same partition
 * @param lossCheckedAgainstAcks true when {@code lost} compares with the acknowledged sequences
 * @param logAudited             true when the delivery figures come from reading the whole topic again after the load
 * @param auditNote              why that read proves nothing (retention removed records, it did not reach the end), or {@code null}
 * @param producerErrors         failed sends by error type
 * @param faults                 one row per planned fault, in timeline order
 * @param problems               why the run failed, one line each; empty when it passed
 */
@JsonTypeName("chaos")
public record ChaosVerdict(long acknowledged, long lost, long duplicated, long reordered, boolean lossCheckedAgainstAcks,
                           boolean logAudited, String auditNote,
                           Map<String, Long> producerErrors, List<Fault> faults, List<String> problems) implements Verdict {

    public ChaosVerdict {
        producerErrors = Map.copyOf(producerErrors);
        faults = List.copyOf(faults);
        problems = List.copyOf(problems);
    }

    /**
     * What one fault did, measured. Times are ms from the moment the fault fired; {@code null} when it
     * did not happen within the run (no leader was lost, the ISR never came back).
     *
     * @param fault                   the fault in its command-line form
     * @param brokers                 broker ids it hit, resolved when it fired
     * @param outcome                 {@code done}, {@code failed} or {@code not-fired}
     * @param firedEpochMs            when it fired, or {@code null}
     * @param undoneAfterMs           when it was undone (broker started, resumed, healed), or {@code null}
     * @param unavailableFromMs       first second after the fault with no acknowledged send (or failed sends)
     * @param unavailableMs           from there to the first second with acknowledged sends and no failures
     * @param consumerStallMs         longest run of seconds the consumers read nothing, after the fault
     * @param newLeaderAfterMs        every partition the broker led had a new leader
     * @param fullIsrAfterMs          every partition back in full ISR (after it had shrunk)
     * @param baselineAckedPerSecond  mean acknowledged rate before the first fault
     * @param lowestAckedPerSecond    lowest acknowledged rate while the fault acted; empty when no second was recorded
     *                                (a fault that did not fire)
     * @param recoveredAfterMs        first second at 90 % of the baseline after the dip
     * @param errors                  failed sends from the fault to the next one
     */
    public record Fault(String fault, List<Integer> brokers, String outcome, Long firedEpochMs, Long undoneAfterMs,
                        Long unavailableFromMs, Long unavailableMs, Long consumerStallMs, Long newLeaderAfterMs,
                        Long fullIsrAfterMs, double baselineAckedPerSecond, OptionalDouble lowestAckedPerSecond,
                        Long recoveredAfterMs, long errors) {
        public Fault {
            brokers = List.copyOf(brokers);
        }
    }

    @Override
    public boolean passed() {
        return problems.isEmpty();
    }

    /** Registers this kind with the result documents ({@link VerdictTypes}). */
    public static final class Types implements VerdictTypes {
        @Override
        public java.util.List<Class<? extends Verdict>> types() {
            return java.util.List.of(ChaosVerdict.class);
        }
    }
}
