package io.mqprobe.cli.sweep;

import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.cli.options.RunOptions;
import io.mqprobe.sweep.SweepRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code mqprobe sweep}: vary one setting (or two, as a grid) with everything else fixed, and rank the values. */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = SweepOptions.Defaults.class,
        description = {"Vary one setting at a time and rank its values: producer, consumer, topic and broker settings.",
                "Each value is measured at least twice in alternating order (A B B A) and compared with the first",
                "(the baseline): its saturation ceiling, or its latency at --rate. Broker settings are changed",
                "through a journal in the run directory and restored at the end, on Ctrl-C, or by the next run",
                "after a crash; static ones (read only at start) by restarting the brokers of an embedded cluster mqprobe started.",
                "With no --bootstrap it starts an embedded 1-broker Kafka cluster (3 for --preset broker and topic; --brokers N)."})
public final class SweepCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    SweepOptions sweep;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() {
        SweepOptions.SweepRun plan = sweep.conclude(run.target().driverId(), run.target().remote(),
                spec.commandLine().getParseResult()::hasMatchedOption);
        int runCount = plan.studies().stream().mapToInt(s -> s.cells().size() * plan.settings().repeats()).sum();
        // the bound comes before anything starts, so a user can decide whether to wait for it
        spec.commandLine().getErr().println("sweep: " + HumanUnits.counted(plan.studies().size(), "study", "studies")
                + ", " + runCount + " runs: about " + TimeSpan.formatSeconds(plan.bound(true).toSeconds()) + ", at most "
                + TimeSpan.formatSeconds(plan.bound(false).toSeconds()) + " once the cluster is up");
        spec.commandLine().getErr().flush();
        return run.session("sweep", spec, plan.embeddedBrokers(), false,
                session -> SweepRun.run(session, plan.studies(), plan.settings(), runCount));
    }
}
