package io.mqprobe.cli.sweep;

import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.run.LoadProgress;
import io.mqprobe.cli.options.RunOptions;
import io.mqprobe.experiment.ActionHandler;
import io.mqprobe.experiment.ConfigJournal;
import io.mqprobe.experiment.Experiment;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.StepAction;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.RunSession;
import io.mqprobe.run.TopicLifecycle;
import io.mqprobe.sweep.BrokerSettingsCheck;
import io.mqprobe.sweep.EmbeddedRestarts;
import io.mqprobe.sweep.SweepJudge;
import io.mqprobe.sweep.SweepPlanner;
import io.mqprobe.sweep.SweepProgress;
import io.mqprobe.sweep.SweepRuns;
import io.mqprobe.sweep.SweepSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        return run.session("sweep", spec, plan.embeddedBrokers(), false, session -> {
            ClusterAdmin admin = session.cluster().driver().admin();
            String target = session.cluster().target().bootstrap();
            Path runDir = session.output().runDir().toAbsolutePath();
            // a static setting changes only by a restart, which mqprobe does only on a cluster it started whose system
            // has startup settings (Kafka's server.properties)
            EmbeddedRestarts restarts = session.cluster().embeddedCluster().flatMap(c -> EmbeddedRestarts.of(c, admin,
                    session.progress()::line, session::plannedRestart)).orElse(null);
            ConfigJournal.replayLeftovers(runDir.getParent(), target, admin, restarts, session.progress()::line);
            BrokerSettingsCheck.check(plan.studies(), admin, restarts);
            ConfigJournal journal = ConfigJournal.open(runDir, target, session.cluster().temporary(), admin, restarts);
            // a hook must not restart brokers (the embedded cluster's own hook is stopping them): static ones wait for the next run
            Thread restoreOnExit = new Thread(journal::restoreWithoutRestarts, "mqprobe-config-restore");
            Runtime.getRuntime().addShutdownHook(restoreOnExit);
            List<String> notes = new ArrayList<>();
            try {
                Monitoring monitoring = session.startMonitoring(List.of());
                SweepRuns runs = new SweepRuns();
                SweepPlanner planner = new SweepPlanner(plan.studies(), plan.settings(), TopicLifecycle::freshName, runs);
                ActionHandler changes = action -> {
                    if (!(action instanceof StepAction.BrokerConfigChange c)) {
                        throw new UnsupportedOperationException("sweep cannot carry out " + action.describe());
                    }
                    journal.set(c.brokerId(), c.key(), c.value());   // a rejected change fails its step's action: the judge reads it
                };
                ExperimentResult result = session.runExperiment(
                        new Experiment(SweepJudge.KIND, planner, new SweepJudge(plan.studies(), plan.settings().repeats(), plan.settings().thresholds())),
                        monitoring, new LoadProgress(session.progress(), "   "), new SweepProgress(session.progress(), runCount), changes);
                restore(journal, notes, session);
                session.document().setSummary(SweepSummary.of(plan.studies(), plan.settings(), runs, result, notes));
            } finally {
                restore(journal, notes, session);
                try {
                    Runtime.getRuntime().removeShutdownHook(restoreOnExit);
                } catch (IllegalStateException shuttingDown) {
                    // the hook runs (and finds nothing left to restore)
                }
            }
            return session.exitCode(ExitCode.OK);
        });
    }

    private static void restore(ConfigJournal journal, List<String> notes, RunSession session) {
        int changed = journal.changed();
        List<String> failed = journal.restore();
        if (changed > 0 && !notes.stream().anyMatch(n -> n.startsWith("broker settings"))) {
            String note = failed.isEmpty() ? "broker settings restored (" + changed + " changed, journal " + ConfigJournal.FILE_NAME + ")"
                    : "broker settings NOT all restored: " + String.join("; ", failed);
            notes.add(note);
            session.progress().line(note);
        }
    }

}
