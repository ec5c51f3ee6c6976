package io.mqprobe.probe;

import io.mqprobe.api.units.TimeSpan;
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

import java.io.PrintWriter;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code mqprobe probe}'s job, from a concluded plan to the exit code: the ceilings, then every scenario ramped, paced
 * and judged in one run session, the capacity summary in the system's own unit; or, with broker sizes, one probe per size
 * side by side.
 */
public final class Probe {

    private Probe() {
    }

    /** What one probe of one cluster found, for a comparison over several broker sizes. */
    record Probed(int exitCode, List<ScenarioOutcome> outcomes, int brokers) {
    }

    /**
     * @param typed       the run as typed
     * @param isolate     whether an embedded cluster the probe starts is isolated (as root) unless the plan says otherwise
     * @return the exit code
     */
    public static int run(ProbePlan plan, RunPlan typed, boolean isolate, PrintWriter out, PrintWriter err) {
        if (!plan.specs().isEmpty()) {
            return new InstanceSizeProbe(plan.specs(), typed, out, err).run(sized -> once(plan, sized, Instant.now(), out, err));
        }
        RunPlan runPlan = isolate ? typed.withTarget(TargetPlan::withIsolationByDefault) : typed;
        // the user's wait began when this process did
        Instant started = ProcessHandle.current().info().startInstant().orElseGet(Instant::now);
        return once(plan, runPlan, started, out, err).exitCode();
    }

    /**
     * @param runPlan the run as typed, with what this probe decided beyond it (isolation by default, a size's broker spec)
     * @param started when the probe's time budget began
     */
    private static Probed once(ProbePlan plan, RunPlan runPlan, Instant started, PrintWriter out, PrintWriter err) {
        List<ScenarioOutcome> found = new ArrayList<>();
        int[] brokers = {0};
        TimeBudget budget = plan.timeBudget() == null ? null : new TimeBudget(started.plus(plan.timeBudget()), Clock.systemUTC());
        int exit = RunSession.run(runPlan, out, err, session -> {
            brokers[0] = session.brokerCount();
            ResultDocument document = session.document();
            document.setThresholds(plan.settings().thresholds());
            ResultDocument.Ceilings ceilings = CeilingsStep.measure(plan.ceilings(), session);
            document.setCeilings(ceilings);
            session.save();
            Monitoring monitoring = session.startMonitoring(List.of(), ceilings, plan.profile());
            List<ScenarioSpec> scenarios = SecurityVariants.of(plan.scenarios(), session.plan().target().security(), session.cluster());
            if (budget != null) {
                session.progress().line("probe: time budget " + TimeSpan.formatSeconds(plan.timeBudget().toSeconds()) + ", "
                        + TimeSpan.formatSeconds(budget.left().toSeconds()) + " of it left (--time-budget): a scenario past its"
                        + " share of it narrows its sustainable search less");
            }
            found.addAll(ProbeExperiment.run(session, monitoring, scenarios, plan.settings(), budget, "   ",
                    new ProbeProgress(session.progress(), scenarios, plan.settings().plan(), budget)));
            SecurityVariants.priceTls(document, plan.scenarios(), session.plan().target().security());
            // in the unit the system's users state capacity in (RocketMQ's a master's TPS, not RF × MB/s)
            CapacitySummary summary = DriverProfiles.of(session.cluster().driver().id()).capacityUnit()
                    .summarize(found, session.brokerCount());
            document.setSummary(new ResultDocument.Summary(summary.headline(), summary.lines(), summary.clientLimited(),
                    summary.notes(), summary.consistency(), null));
            return session.exitCode(ExitCode.OK);
        });
        return new Probed(exit, found, brokers[0]);
    }
}
