package io.mqprobe.chaos;

import io.mqprobe.api.fault.AppliedFault;
import io.mqprobe.api.fault.FaultSpec;

/**
 * Breaks the cluster as a {@link FaultSpec} says: the embedded process layer, or user-given commands
 * for a real cluster. Called on the experiment's action thread when the fault is due.
 */
@FunctionalInterface
public interface FaultExecutor {

    /** @throws Exception when the fault could not be applied; the run goes on and records it */
    AppliedFault apply(FaultSpec fault) throws Exception;
}
