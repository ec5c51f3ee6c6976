package io.mqprobe.chaos;

import io.mqprobe.api.fault.FaultSpec;

import java.util.List;

/**
 * One fault as it happened, wall-clock times in epoch ms (the intervals and the cluster watch use the
 * same clock).
 *
 * @param outcome       {@code in-progress} while it is being applied (a restart waits until the broker serves),
 *                      then {@code done} or {@code failed}
 * @param undoneEpochMs when it was undone, or {@code null} (a single act, or still in force at the end)
 * @param error         why applying or undoing it failed, or {@code null}
 */
public record FaultEvent(FaultSpec fault, List<Integer> brokers, String outcome, long firedEpochMs, Long undoneEpochMs,
                         String error) {

    public static final String IN_PROGRESS = "in-progress";
    public static final String DONE = "done";
    public static final String FAILED = "failed";

    public FaultEvent {
        brokers = List.copyOf(brokers);
    }

    FaultEvent undone(long atEpochMs, String undoError) {
        return new FaultEvent(fault, brokers, outcome, firedEpochMs, atEpochMs, undoError == null ? error : undoError);
    }
}
