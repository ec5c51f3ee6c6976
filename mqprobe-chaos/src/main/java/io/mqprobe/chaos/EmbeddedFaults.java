package io.mqprobe.chaos;

import io.mqprobe.api.fault.AppliedFault;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.embedded.FaultRunner;
import io.mqprobe.embedded.FaultableCluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Faults on the embedded cluster, through the embedded layer's {@link FaultRunner}. */
public final class EmbeddedFaults implements FaultExecutor {

    private final FaultRunner runner;
    private final FaultRoles roles;

    public EmbeddedFaults(FaultableCluster cluster, FaultRoles roles) {
        this.runner = new FaultRunner(cluster, roles, new Random());
        this.roles = roles;
    }

    @Override
    public AppliedFault apply(FaultSpec fault) {
        List<Integer> brokers = new ArrayList<>();
        List<AppliedFault> done = new ArrayList<>();
        for (FaultSpec each : roles.rewrite(fault)) {
            AppliedFault applied = runner.apply(each);
            brokers.addAll(applied.brokers());
            done.add(applied);
        }
        roles.applied(fault, brokers);
        return new AppliedFault(brokers, () -> done.forEach(AppliedFault::undo));
    }
}
