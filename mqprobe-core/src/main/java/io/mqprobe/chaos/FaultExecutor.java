package io.mqprobe.chaos;

import io.mqprobe.api.fault.FaultSpec;

import java.util.List;

/**
 * Breaks the cluster as a {@link FaultSpec} says: the embedded process layer, or user-given commands
 * for a real cluster. Called on the experiment's action thread when the fault is due.
 */
@FunctionalInterface
public interface FaultExecutor {

    /** What was broken, and how to mend it (a no-op for single acts such as restart). */
    record Applied(List<Integer> brokers, Runnable undo) {
        public Applied {
            brokers = List.copyOf(brokers);
        }
    }

    /** @throws Exception when the fault could not be applied; the run goes on and records it */
    Applied apply(FaultSpec fault) throws Exception;
}
