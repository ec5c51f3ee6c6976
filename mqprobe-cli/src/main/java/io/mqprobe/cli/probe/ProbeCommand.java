package io.mqprobe.cli.probe;

import io.mqprobe.cli.run.RunOptions;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.RunPlan;
import io.mqprobe.run.RunSession;
import io.mqprobe.run.target.TargetPlan;
import io.mqprobe.scenario.DriverProfiles;
import io.mqprobe.scenario.ScenarioSpec;
import io.mqprobe.search.CapacitySummary;
import io.mqprobe.search.ScenarioOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
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
        ProbeOptions.ProbeRun probeRun = probe.conclude(run.target().driverId());
        RunPlan typed = run.conclude("probe", spec, EMBEDDED_BROKERS, probeRun.keepTopics());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!probeRun.specs().isEmpty()) {
            return new InstanceSizeProbe(probeRun.specs(), typed, out, err).run(sized -> probeOnce(probeRun, sized, out, err));
        }
        RunPlan plan = probe.noIsolation ? typed : typed.withTarget(TargetPlan::withIsolationByDefault);
        return probeOnce(probeRun, plan, out, err).exitCode();
    }

    /** What one probe of one cluster found, for a comparison over several broker sizes. */
    record Probed(int exitCode, List<ScenarioOutcome> outcomes, int brokers) {
    }

    /** @param runPlan the run as typed, with what this probe decided beyond it (isolation by default, a size's broker spec) */
    private static Probed probeOnce(ProbeOptions.ProbeRun plan, RunPlan runPlan, PrintWriter out, PrintWriter err) {
        List<ScenarioOutcome> found = new ArrayList<>();
        int[] brokers = {0};
        int exit = RunSession.run(runPlan, out, err, session -> {
            brokers[0] = session.brokerCount();
            ResultDocument document = session.document();
            document.setThresholds(plan.settings().thresholds());
            ResultDocument.Ceilings ceilings = CeilingsStep.measure(plan.ceilings(), session);
            document.setCeilings(ceilings);
            session.save();
            Monitoring monitoring = session.startMonitoring(List.of(), ceilings, plan.profile());
            List<ScenarioSpec> scenarios = SecurityVariants.of(plan.scenarios(), session.plan().target().security(), session.cluster());
            found.addAll(ProbeExperiment.run(session, monitoring, scenarios, plan.settings(), "   ",
                    new ProbeProgress(session.progress(), scenarios, plan.settings().plan())));
            // in the unit the system's users state capacity in (RocketMQ's a master's TPS, not RF × MB/s)
            CapacitySummary summary = DriverProfiles.of(session.cluster().driver().id()).capacityUnit()
                    .summarize(found, session.brokerCount());
            document.setSummary(new ResultDocument.Summary(summary.headline(), summary.lines(), summary.clientLimited(),
                    summary.notes(), summary.consistency()));
            return session.exitCode(ExitCode.OK);
        });
        return new Probed(exit, found, brokers[0]);
    }
}
