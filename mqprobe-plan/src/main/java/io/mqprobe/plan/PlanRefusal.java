package io.mqprobe.plan;

/**
 * A result that cannot carry a plan: no sustainable load, or one that is only a lower bound of the cluster's. The
 * message is the one line the user sees; not a usage error, since the input was read fine.
 */
public final class PlanRefusal extends RuntimeException {

    public PlanRefusal(String reason) {
        super(reason, null, false, false);
    }
}
