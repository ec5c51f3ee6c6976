package io.mqprobe.api.fault;

import java.util.List;

/**
 * A fault in place: the brokers it broke, and how to mend them (nothing to mend for single acts such as restart).
 * The embedded layer's faults and those a real cluster's commands carry out hand back the same thing.
 */
public record AppliedFault(List<Integer> brokers, Runnable mend) {

    public AppliedFault {
        brokers = List.copyOf(brokers);
    }

    /** Mends what the fault broke: starts, resumes, heals or lifts. */
    public void undo() {
        mend.run();
    }
}
