package io.mqprobe.run;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.Capability;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.experiment.ActionHandler;
import io.mqprobe.experiment.Experiment;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.ExperimentRunner;
import io.mqprobe.experiment.Topics;
import io.mqprobe.load.DiskBudget;
import io.mqprobe.load.IntervalListener;
import io.mqprobe.load.RunControl;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.run.target.ClusterSession;
import io.mqprobe.stamp.NanoClock;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Everything a load command holds while it runs — the cluster, the result and reports, Ctrl-C
 * handling, monitors and the topics it created — closed in the right order whatever happens:
 * load stopped, topics deleted, result and report written (marked incomplete when interrupted or
 * failed), embedded cluster stopped.
 */
public final class RunSession implements AutoCloseable {

    private final RunPlan plan;
    private final ClusterSession cluster;
    private final RunOutput output;
    private final RunControl control = new RunControl();
    private final Interruption interruption;
    private final Progress progress;
    private PrintWriter out;
    private final TopicLifecycle topics;
    private final List<String> watchedTopics = new CopyOnWriteArrayList<>();
    private Monitoring monitoring;
    private RunGuard guard;
    /** The brokers delete old data too rarely to keep the topics within their caps: outgrown ones are created anew. */
    private volatile boolean deletesTooRarely;
    private LoadWorkers workers;
    private String failure;
    private boolean finished;

    private RunSession(RunPlan plan, ClusterSession cluster, RunOutput output, PrintWriter out, PrintWriter err) {
        this.plan = plan;
        this.cluster = cluster;
        this.output = output;
        this.out = out;
        this.progress = new Progress(err);
        this.interruption = Interruption.install(control, err);
        this.topics = new TopicLifecycle(cluster.driver().admin(), plan.keepTopics());
    }

    /**
     * Opens a session for the plan: connects (or starts the embedded cluster), opens the run directory, starts or awaits
     * the load workers and the guard. Nothing is written when the target is unreachable; whatever opened before a
     * failure is closed again.
     *
     * @param out where the end-of-run summary goes (stdout)
     * @param err where progress goes (stderr)
     */
    public static RunSession open(RunPlan plan, PrintWriter out, PrintWriter err) {
        ClusterSession cluster = ClusterSession.open(plan.target(), plan.defaultBrokers(), err,
                plan.workers() instanceof WorkerPlan.Local);
        RunSession session;
        try {
            session = new RunSession(plan, cluster, RunOutput.create(plan.command(), plan.argv(), plan.outDir(),
                    plan.jsonFile()), out, err);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
        try {
            session.describeTarget();
            session.openWorkers(plan.workers());
            session.startGuard(plan.disk());
            return session;
        } catch (RuntimeException e) {
            RuntimeException ended = session.ended(e);
            session.close();
            throw ended;
        }
    }

    /** The body of a load command, run inside an open session. */
    @FunctionalInterface
    public interface Body {
        /** @return the exit code of a run that got to its end */
        int run(RunSession session);
    }

    /**
     * Opens a session for the plan, runs the body, and closes the session whatever happens; a failure is recorded in
     * the (partial) result before it propagates to the failure handler. The gates then read the finished result.
     *
     * @param out where the end-of-run summary and the gates' lines go (stdout)
     * @param err where progress goes (stderr)
     */
    public static int run(RunPlan plan, PrintWriter out, PrintWriter err, Body body) {
        RunSession session = open(plan, out, err);
        int code;
        try {
            code = body.run(session);
            code = session.guard.reason() != null ? ExitCode.RUN_FAILED : code;
        } catch (RuntimeException e) {
            throw session.ended(e);
        } finally {
            session.close();
        }
        // the gates read the finished result.json, as a pipeline step after the run would
        return plan.gates().apply(session.output.resultPath(), code, out);
    }

    /** Starts or awaits the load workers the run asked for (in-process unless told otherwise). */
    private void openWorkers(WorkerPlan plan) {
        workers = LoadWorkers.open(plan, cluster.target(), cluster.driver(), cluster.loadHosts(), progress::line, control);
        String described = workers.describe();
        if (described != null) {
            progress.line(described);
        }
    }

    /** Caps the topics this run creates to the disk budget and watches for a full disk or a dead cluster. */
    private void startGuard(DiskLimits disk) {
        DiskBudget budget = disk.budget(cluster.driver().admin());
        topics.capTo(budget, cluster.driver()::replicaSizeLimit);
        Optional<String> slowDeletion = cluster.driver().replicaSizeLimitEnforcedEvery()
                .map(every -> budget.slowDeletion(every, cluster.driver().replicaSizeLimitEnforcementSetting()));
        slowDeletion.ifPresent(line -> progress.line("mqprobe: " + line));
        deletesTooRarely = slowDeletion.isPresent();
        boolean topicSizesKnown = !cluster.driver().unsupported().contains(Capability.REPLICA_LOG_SIZES);
        guard = new RunGuard(cluster.driver().admin(), budget, topicSizesKnown, topics::created, cluster::localBrokers, reason -> {
            progress.line("mqprobe: stopping the run: " + reason);
            failure = reason;
            control.cancel();
        });
    }

    /** Brokers going down is what this run is about (chaos): the guard stops watching them, the disk still. */
    public void brokerFaultsPlanned() {
        guard.brokerFaultsPlanned();
    }

    /** Runs a broker restart done on purpose (a static setting changed): the guard does not stop the run for it. */
    public void plannedRestart(Runnable restart) {
        guard.restarting(true);
        try {
            restart.run();
        } finally {
            guard.restarting(false);
        }
    }

    private void describeTarget() {
        List<BrokerInfo> brokers = cluster.driver().admin().describeBrokers();
        document().setTarget(new ResultDocument.TargetInfo(cluster.target().driverId(), cluster.target().bootstrap(),
                cluster.embedded(), brokers.stream().map(b -> new ResultDocument.BrokerEntry(b.id(), b.host(), b.port())).toList(),
                cluster.target().redactedProperties(), cluster.embedded() ? cluster.isolationSummary() : null));
    }

    /**
     * Runs an experiment on the engine: every step through one {@link StepRunner} measured against the
     * monitors, ticks to {@code onTick}, the experiment's topics created, watched and deleted here.
     */
    public ExperimentResult runExperiment(Experiment experiment, Monitoring monitors, Consumer<IntervalRow> onTick,
                                          ExperimentListener listener) {
        return runExperiment(experiment, monitors, onTick, listener, ActionHandler.NONE);
    }

    /** As above, with the command's handler for the steps' actions (faults, broker-config changes). */
    public ExperimentResult runExperiment(Experiment experiment, Monitoring monitors, Consumer<IntervalRow> onTick,
                                          ExperimentListener listener, ActionHandler actions) {
        return runExperiment(experiment, monitors, onTick, IntervalListener.NONE, listener, actions);
    }

    /** As above, with {@code intervals} seeing every tick's latency histograms (what OMB's result file is built from). */
    public ExperimentResult runExperiment(Experiment experiment, Monitoring monitors, Consumer<IntervalRow> onTick,
                                          IntervalListener intervals, ExperimentListener listener, ActionHandler actions) {
        StepRunner steps = new StepRunner(cluster.driver(), document(), monitors.window(), control, onTick, NanoClock.SYSTEM,
                intervals, workers.workers());
        return new ExperimentRunner(steps, document(), cluster.driver().admin(), experimentTopics(), actions,
                control, listener, this::save).run(experiment);
    }

    /** Topics of each scenario are created, watched, and deleted as soon as the scenario ends (disk stays free). */
    private Topics experimentTopics() {
        return new Topics() {
            @Override
            public void create(TopicSpec spec) {
                topics.create(spec);
                watchTopic(spec.name());
            }

            @Override
            public void delete(String name) {
                unwatchTopic(name);
                topics.deleteNow(name);
            }

            @Override
            public List<String> outgrown(Collection<String> names) {
                return deletesTooRarely ? topics.outgrown(names) : List.of();
            }
        };
    }

    /** Starts the resource monitors; topics and groups are watched through the cluster's protocol. */
    public Monitoring startMonitoring(Collection<String> groups) {
        return startMonitoring(groups, ResultDocument.Ceilings.UNKNOWN, Map.of());
    }

    /** As above, with disk and NIC rates reported against the probed or configured ceilings. */
    public Monitoring startMonitoring(Collection<String> groups, ResultDocument.Ceilings ceilings) {
        return startMonitoring(groups, ceilings, Map.of());
    }

    /** As above, also sampling further local processes by source name (a mirror's JVM). */
    public Monitoring startMonitoring(Collection<String> groups, ResultDocument.Ceilings ceilings,
                                      Map<String, LongSupplier> processes) {
        monitoring = Monitoring.start(cluster, plan.monitor(), watchedTopics, groups, ceilings, processes, false, document(),
                progress.writer());
        return monitoring;
    }

    /** As above, and with {@code profile} the brokers and this process profiled ({@link Monitoring#profiles()}). */
    public Monitoring startMonitoring(Collection<String> groups, ResultDocument.Ceilings ceilings, boolean profile) {
        monitoring = Monitoring.start(cluster, plan.monitor(), watchedTopics, groups, ceilings, Map.of(), profile, document(),
                progress.writer());
        return monitoring;
    }

    /** Prints the end-of-run summary to {@code summary} instead of stdout (keeps stdout machine-readable). */
    public void printSummaryTo(PrintWriter summary) {
        this.out = summary;
    }

    /** Adds a topic to what the protocol monitor watches (log-dir growth, ISR). */
    public void watchTopic(String topic) {
        watchedTopics.add(topic);
    }

    /** Stops watching a topic (it is about to be deleted). */
    public void unwatchTopic(String topic) {
        watchedTopics.remove(topic);
    }

    /** Writes the result document now. */
    public void save() {
        output.save();
    }

    /** The plan this session runs. */
    public RunPlan plan() {
        return plan;
    }

    public ClusterSession cluster() {
        return cluster;
    }

    public int brokerCount() {
        return document().target().map(t -> t.brokers().size()).orElseThrow();
    }

    public ResultDocument document() {
        return output.document();
    }

    public RunOutput output() {
        return output;
    }

    public RunControl control() {
        return control;
    }

    public Progress progress() {
        return progress;
    }

    public TopicLifecycle topics() {
        return topics;
    }

    /** Records why the run failed; the partial result is still written when the session closes. */
    public void failed(Throwable e) {
        if (failure == null) {   // the guard's reason is why the load failed, if it stopped the run
            failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
    }

    /**
     * What a failure of the run ends it with. After Ctrl-C or SIGTERM the run did not fail: the signal cut it short (a
     * wait for workers to join ends in an InterruptedException, which alone read as Ctrl-C and as a failure), so the
     * result reads interrupted and the process exits 130 or 143 whatever the signal interrupted. Else the failure is
     * recorded for the partial result.
     */
    private RuntimeException ended(RuntimeException e) {
        if (interruption.signalled()) {
            return new SignalledException(interruption.exitCode(ExitCode.RUN_FAILED), e);
        }
        failed(e);
        return e;
    }

    /** Exit code of a run that got to its end: 130 after Ctrl-C, 143 after SIGTERM, else the given code. */
    public int exitCode(int codeIfNotInterrupted) {
        return interruption.exitCode(codeIfNotInterrupted);
    }

    public boolean cancelled() {
        return control.cancelled();
    }

    @Override
    public void close() {
        if (finished) {
            return;
        }
        finished = true;
        try {
            if (guard != null) {
                guard.close();
            }
            if (monitoring != null) {
                monitoring.close();
            }
            if (workers != null) {
                workers.recordClocks(output.document());
                workers.close();
            }
            topics.close();
            output.finish(interruption.signalled(), failure, out, progress);
        } finally {
            output.close();
            cluster.close();
            interruption.close();
        }
    }
}
