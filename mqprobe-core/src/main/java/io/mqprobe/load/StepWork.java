package io.mqprobe.load;

/**
 * Work a step does on the cluster in place of load: mend the faults still in force, wait for every replica, read a
 * topic again. The engine's runner performs it as it runs any step, and records what it found on the step, so a judge
 * reads it among the recorded steps instead of doing the work itself.
 */
@FunctionalInterface
public interface StepWork {

    /** @return what the work found, recorded on the step for the judge */
    Object perform() throws Exception;
}
