package io.mqprobe.cli.omb;

import io.mqprobe.api.Capability;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.cli.load.LoadProgress;
import io.mqprobe.cli.run.LoadSession;
import io.mqprobe.cli.run.Monitoring;
import io.mqprobe.experiment.ActionHandler;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.SingleRun;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.omb.OmbPlan;
import io.mqprobe.omb.OmbResultFile;
import io.mqprobe.omb.OmbWindows;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.SingleRunVerdict;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Runs one OMB workload inside an open session as one single-run scenario: creates its topics, runs its step
 * while {@link OmbWindows} collects the seconds, writes OMB's result file into the run directory and deletes the
 * topics (unless kept) so the next workload starts on a clean disk.
 */
final class OmbWorkloadRun {

    /**
     * One workload that ran: its plan, its measured step, how it was judged, where OMB's file went and where the
     * run differed from OMB.
     */
    record Ran(OmbPlan plan, MeasuredStep step, SingleRunVerdict verdict, Path ombFile, List<String> notes) {
    }

    private final LoadSession session;
    private final Monitoring monitoring;
    private final Set<String> scenarioNames = new HashSet<>();

    OmbWorkloadRun(LoadSession session, Monitoring monitoring) {
        this.session = session;
        this.monitoring = monitoring;
    }

    /** Empty when the run was cancelled before the step ran. */
    Optional<Ran> run(OmbPlan plan) {
        List<TopicSpec> topics = plan.topics();
        topics.forEach(t -> {
            session.topics().create(t);
            session.watchTopic(t.name());
        });
        try {
            String name = scenarioName(plan.workload().slug());
            TopicSpec first = topics.get(0);
            String layoutName = topics.size() == 1 ? first.name() : first.name() + " .. " + topics.get(topics.size() - 1).name();
            ScenarioResult scenario = new ScenarioResult(name, "OMB workload '" + plan.workload().name() + "' ("
                    + topics.size() + " × " + first.partitions() + " partitions, driver " + plan.driver().name() + ")",
                    new ScenarioResult.TopicLayout(layoutName, first.partitions(), first.replicationFactor(), "broker-chosen"),
                    new ScenarioResult.ProducerSetup(plan.producers().recordSizeBytes(), null, plan.producers().producerProperties()));
            StepPlan step = StepPlan.of(name, 0, plan.load(), plan.warmup(), RunCommand.DRAIN_TIMEOUT);
            OmbWindows windows = new OmbWindows(plan.subscriptions());
            ExperimentResult result = session.runExperiment(SingleRun.of(scenario, step, atLeastOnce()), monitoring,
                    new LoadProgress(session.progress(), name), windows, ExperimentListener.NONE, ActionHandler.NONE);
            Optional<MeasuredStep> measured = result.lastStep();
            if (measured.isEmpty()) {
                return Optional.empty();
            }
            windows.finish();
            List<String> notes = new ArrayList<>(plan.notes());
            if (SingleRun.lateSends(measured.get())) {
                notes.add("mqprobe could not send on schedule (" + SingleRun.sendDelay(measured.get().result())
                        + "): the offered rate was not the workload's producerRate");
            }
            Path file = OmbResultFile.write(session.output().runDir(), plan, windows, notes, Instant.now());
            return Optional.of(new Ran(plan, measured.get(), (SingleRunVerdict) result.verdicts().get(name), file, notes));
        } finally {
            topics.forEach(t -> {
                session.unwatchTopic(t.name());
                session.topics().deleteNow(t.name());   // kept with --keep-topics
            });
        }
    }

    /** The workload's slug, unique within the run (two files may name their workloads alike). */
    private String scenarioName(String base) {
        String name = base;
        for (int i = 2; !scenarioNames.add(name); i++) {
            name = base + "-" + i;
        }
        return name;
    }

    /** The system delivers at least once (RocketMQ): duplicates are its documented behaviour, not a failure. */
    private boolean atLeastOnce() {
        return session.cluster().driver().unsupported().contains(Capability.DUPLICATE_FREE_SENDS);
    }
}
