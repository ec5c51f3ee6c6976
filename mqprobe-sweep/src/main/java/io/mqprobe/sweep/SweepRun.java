package io.mqprobe.sweep;

import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.experiment.ActionHandler;
import io.mqprobe.experiment.ConfigJournal;
import io.mqprobe.experiment.Experiment;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.StepAction;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.LoadProgress;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.RunSession;
import io.mqprobe.run.TopicLifecycle;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code mqprobe sweep}'s job inside its run session: every study's values measured in alternating order, broker
 * settings changed through a journal in the run directory and restored at the end, on Ctrl-C, or by the next run.
 */
public final class SweepRun {

    private SweepRun() {
    }

    /** @param runCount the runs the studies add up to, for the progress lines */
    public static int run(RunSession session, List<SweepStudy> studies, SweepSettings settings, int runCount) {
        ClusterAdmin admin = session.cluster().driver().admin();
        String target = session.cluster().target().bootstrap();
        Path runDir = session.output().runDir().toAbsolutePath();
        // a static setting changes only by a restart, which mqprobe does only on a cluster it started whose system
        // has startup settings (Kafka's server.properties)
        EmbeddedRestarts restarts = session.cluster().embeddedCluster().flatMap(c -> EmbeddedRestarts.of(c, admin,
                session.progress()::line, session::plannedRestart)).orElse(null);
        ConfigJournal.replayLeftovers(runDir.getParent(), target, admin, restarts, session.progress()::line);
        BrokerSettingsCheck.check(studies, admin, restarts);
        ConfigJournal journal = ConfigJournal.open(runDir, target, session.cluster().temporary(), admin, restarts);
        // a hook must not restart brokers (the embedded cluster's own hook is stopping them): static ones wait for the next run
        Thread restoreOnExit = new Thread(journal::restoreWithoutRestarts, "mqprobe-config-restore");
        Runtime.getRuntime().addShutdownHook(restoreOnExit);
        List<String> notes = new ArrayList<>();
        try {
            Monitoring monitoring = session.startMonitoring(List.of());
            SweepRuns runs = new SweepRuns();
            SweepPlanner planner = new SweepPlanner(studies, settings, TopicLifecycle::freshName, runs);
            ActionHandler changes = action -> {
                if (!(action instanceof StepAction.BrokerConfigChange c)) {
                    throw new UnsupportedOperationException("sweep cannot carry out " + action.describe());
                }
                journal.set(c.brokerId(), c.key(), c.value());   // a rejected change fails its step's action: the judge reads it
            };
            ExperimentResult result = session.runExperiment(
                    new Experiment(SweepJudge.KIND, planner, new SweepJudge(studies, settings.repeats(), settings.thresholds())),
                    monitoring, new LoadProgress(session.progress(), "   "), new SweepProgress(session.progress(), runCount), changes);
            restore(journal, notes, session);
            session.document().setSummary(SweepSummary.of(studies, settings, runs, result, notes));
        } finally {
            restore(journal, notes, session);
            try {
                Runtime.getRuntime().removeShutdownHook(restoreOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs (and finds nothing left to restore)
            }
        }
        return session.exitCode(ExitCode.OK);
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
