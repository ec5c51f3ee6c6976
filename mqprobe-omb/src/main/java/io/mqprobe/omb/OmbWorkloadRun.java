package io.mqprobe.omb;

import io.mqprobe.api.Capability;
import io.mqprobe.api.Durability;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.run.LoadProgress;
import io.mqprobe.probe.ProbeExperiment;
import io.mqprobe.experiment.ActionHandler;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.SingleRun;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.KeyDistributor;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.SingleRunVerdict;
import io.mqprobe.result.StepResult;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.RunSession;
import io.mqprobe.probe.ProbeSettings;
import io.mqprobe.probe.RampPlan;
import io.mqprobe.scenario.ScenarioSpec;
import io.mqprobe.search.ScenarioOutcome;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.SustainablePoint;
import io.mqprobe.search.Thresholds;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Runs one OMB workload inside an open session as one single-run scenario: creates its topics, runs its step
 * while {@link OmbWindows} collects the seconds, writes OMB's result file into the run directory and deletes the
 * topics (unless kept) so the next workload starts on a clean disk.
 */
public final class OmbWorkloadRun {

    /**
     * One workload that ran: its plan, its measured step, how it was judged, where OMB's file went and where the
     * run differed from OMB.
     */
    public record Ran(OmbPlan plan, MeasuredStep step, SingleRunVerdict verdict, Path ombFile, List<String> notes) {
    }

    private final RunSession session;
    private final Monitoring monitoring;
    private final Set<String> scenarioNames = new HashSet<>();
    private final List<String> failures = new ArrayList<>();

    public OmbWorkloadRun(RunSession session, Monitoring monitoring) {
        this.session = session;
        this.monitoring = monitoring;
    }

    /**
     * Empty when the run was cancelled before the step ran, or when a workload asking for the most the cluster takes
     * ({@code producerRate: 0}) found no sustainable rate ({@link #failures()} says why).
     */
    public Optional<Ran> run(OmbPlan asked) {
        if (asked.producers().keys() != KeyDistributor.NO_KEY && session.cluster().driver().unsupported().contains(Capability.KEYED_SENDS)) {
            throw new UsageException("keyDistributor " + asked.producers().keys() + " needs keyed sends, which the "
                    + session.cluster().driver().id() + " driver does not have; use NO_KEY");
        }
        Optional<OmbPlan> rated = asked.searchesRate() ? atSustainableRate(asked) : Optional.of(asked);
        if (rated.isEmpty() || session.cancelled()) {
            return Optional.empty();
        }
        OmbPlan plan = rated.get();
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
            StepPlan step = StepPlan.of(name, 0, plan.load(), plan.warmup(), StepPlan.DRAIN_TIMEOUT);
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
            backlogNote(plan, measured.get().result()).ifPresent(notes::add);
            Path file = OmbResultFile.write(session.output().runDir(), plan, windows, notes, Instant.now());
            return Optional.of(new Ran(plan, measured.get(), (SingleRunVerdict) result.verdicts().get(name), file, notes));
        } finally {
            topics.forEach(t -> {
                session.unwatchTopic(t.name());
                session.topics().deleteNow(t.name());   // kept with --keep-topics
            });
        }
    }

    /**
     * What the step did with the workload's backlog. A backlog that was not built and drained leaves the figures short
     * of what the workload asks for: the run fails, naming how far it got.
     */
    private Optional<String> backlogNote(OmbPlan plan, StepResult step) {
        StepResult.Backlog backlog = step.consumed() == null ? null : step.consumed().backlog();
        if (backlog == null) {
            return Optional.empty();
        }
        if (backlog.unfinished() != null) {
            failures.add(plan.workload().name() + ": consumerBacklogSizeGB: " + backlog.unfinished());
            return Optional.of("the backlog was not built and drained: " + backlog.unfinished());
        }
        return Optional.of(String.format(Locale.ROOT, "backlog of %s built in %s, drained in %s (at most %,d records "
                        + "unread); the test's time was measured after that", ByteSize.format(backlog.targetBytes()),
                HumanUnits.durationMs((double) backlog.builtAfterMs()), HumanUnits.durationMs((double) backlog.drainedAfterMs()),
                backlog.peakRecords()));
    }

    /** Why workloads could not run (no sustainable rate), or ran short of what they asked (a backlog), one line each. */
    public List<String> failures() {
        return List.copyOf(failures);
    }

    /**
     * OMB's {@code producerRate: 0} asks for the most the cluster takes. mqprobe answers with the probe's search on
     * the workload's shape (its topics, partitions, replication and producer settings, on topics of its own): the
     * ceiling, then the highest paced rate within every threshold. The workload then runs at that rate.
     */
    private Optional<OmbPlan> atSustainableRate(OmbPlan plan) {
        OmbWorkload w = plan.workload();
        String name = scenarioName(shortened(w.slug(), 26) + "-sustainable");
        TopicSpec first = plan.topics().get(0);
        ScenarioSpec shape = new ScenarioSpec(name, "OMB workload '" + w.name() + "' asks for the most the cluster takes "
                + "(producerRate 0): the sustainable rate of its " + w.topics() + " × " + first.partitions() + " partitions",
                first.partitions(), first.replicationFactor(), false,
                Durability.parse(plan.producers().producerProperties().getOrDefault("acks", "all")), 1, Map.of(),
                w.topics(), w.topics(), 0);
        ProbeSettings settings = new ProbeSettings(plan.producers().recordSizeBytes(), first.partitions(),
                plan.producers().payload(), plan.producers().producerProperties(), RampPlan.defaults(), Thresholds.defaults());
        List<ScenarioOutcome> outcomes = ProbeExperiment.run(session, monitoring, List.of(shape), settings, name,
                ExperimentListener.NONE);
        if (session.cancelled()) {
            return Optional.empty();
        }
        Optional<ScenarioVerdict> verdict = outcomes.stream().map(ScenarioOutcome::verdict)
                .filter(java.util.Objects::nonNull).findFirst();
        SustainablePoint sustainable = verdict.map(ScenarioVerdict::sustainable).orElse(null);
        if (sustainable == null) {
            failures.add(w.name() + ": producerRate 0 asks for the most the cluster takes, and no rate was sustainable ("
                    + verdict.map(v -> v.stopReason()).orElse("the search did not finish") + "); the workload did not run");
            return Optional.empty();
        }
        String ceiling = verdict.map(ScenarioVerdict::ceiling).map(c -> HumanUnits.msgsPerSecond(c.recordsPerSecond()))
                .orElse(HumanUnits.NONE);
        return Optional.of(plan.atRate(sustainable.recordsPerSecond(), String.format(Locale.ROOT,
                "producerRate 0 (OMB's max-rate search): mqprobe's sustainable search on the workload's shape (scenario %s) "
                        + "found %s sustainable of a %s ceiling, limited by %s; the workload ran at that rate", name,
                HumanUnits.msgsPerSecond(sustainable.recordsPerSecond()), ceiling, sustainable.limitedBy())));
    }

    private static String shortened(String slug, int max) {
        return slug.length() <= max ? slug : slug.substring(0, max).replaceAll("-+$", "");
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
