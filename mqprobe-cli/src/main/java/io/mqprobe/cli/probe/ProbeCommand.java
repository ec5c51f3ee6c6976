package io.mqprobe.cli.probe;

import io.mqprobe.cli.options.RunOptions;
import io.mqprobe.probe.Probe;
import io.mqprobe.probe.ProbePlan;
import io.mqprobe.run.RunPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code mqprobe probe}: the main job — ramp every scenario to saturation and say what the cluster can take. */
@Command(name = "probe", mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = ProbeOptions.Defaults.class,
        description = {"Probe a cluster's capacity: ceiling, knee, sustainable load and the bottleneck.",
                "Measures disk and NIC ceilings, ramps producer clients per scenario until throughput plateaus,",
                "then paces load below the ceiling, watching every resource. With no --bootstrap it starts an",
                "embedded 3-broker Kafka cluster."})
public final class ProbeCommand implements Callable<Integer> {

    private static final int EMBEDDED_BROKERS = 3;

    @Spec
    CommandSpec spec;

    @Mixin
    ProbeOptions probe;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() {
        // everything the user typed is checked before a cluster starts
        ProbePlan plan = probe.conclude(run.target().driverId());
        RunPlan typed = run.conclude("probe", spec, EMBEDDED_BROKERS, plan.keepTopics());
        return Probe.run(plan, typed, probe.isolation.isolate(), spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
