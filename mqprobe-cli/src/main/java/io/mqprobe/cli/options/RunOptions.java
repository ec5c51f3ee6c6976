package io.mqprobe.cli.options;

import io.mqprobe.api.UsageException;
import io.mqprobe.cli.target.TargetOptions;
import io.mqprobe.run.DiskLimits;
import io.mqprobe.run.GatePlan;
import io.mqprobe.run.MonitorPlan;
import io.mqprobe.run.RunPlan;
import io.mqprobe.run.RunSession;
import io.mqprobe.run.WorkerPlan;
import io.mqprobe.run.target.TargetPlan;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;

import java.util.List;
import java.util.function.UnaryOperator;

/** What every load command takes besides its load: where the cluster is, what to watch, where to write. */
public final class RunOptions {

    @Mixin
    TargetOptions target;

    @Mixin
    MonitorOptions monitor;

    @Mixin
    OutputOptions output;

    @Mixin
    DiskOptions disk;

    @Mixin
    GateOptions gates;

    @Mixin
    WorkerOptions workers;

    /**
     * The run as typed, checked once before anything starts (a cluster, a worker, a file): every error here is one line
     * and exit 2.
     *
     * @param spec           the command's picocli spec, for the arguments as typed
     * @param defaultBrokers brokers of an embedded cluster the session starts when {@code --brokers} is absent
     */
    public RunPlan conclude(String command, CommandSpec spec, int defaultBrokers, boolean keepTopics) {
        MonitorPlan monitorPlan = monitor.conclude();
        DiskLimits diskLimits = disk.conclude();
        GatePlan gatePlan = gates.conclude();
        WorkerPlan workerPlan = workers.conclude();
        TargetPlan targetPlan = target.conclude();
        if (!"probe".equals(command) && targetPlan.security().size() > 1) {
            throw new UsageException("--security with two modes is a probe's comparison (each scenario once per mode); "
                    + command + " takes one");
        }
        return new RunPlan(command, List.copyOf(spec.commandLine().getParseResult().originalArgs()), targetPlan,
                defaultBrokers, keepTopics, output.outDir(), output.jsonFile(), monitorPlan, diskLimits, gatePlan, workerPlan);
    }

    /**
     * Concludes the run and runs {@code body} in a session of it (see {@link RunSession#run}): what a load command's
     * {@code call()} ends with.
     */
    public int session(String command, CommandSpec spec, int defaultBrokers, boolean keepTopics, RunSession.Body body) {
        return session(command, spec, defaultBrokers, keepTopics, UnaryOperator.identity(), body);
    }

    /** As {@link #session(String, CommandSpec, int, boolean, RunSession.Body)}, on the plan {@code adjust} makes of the typed one. */
    public int session(String command, CommandSpec spec, int defaultBrokers, boolean keepTopics, UnaryOperator<RunPlan> adjust,
                       RunSession.Body body) {
        RunPlan plan = adjust.apply(conclude(command, spec, defaultBrokers, keepTopics));
        return RunSession.run(plan, spec.commandLine().getOut(), spec.commandLine().getErr(), body);
    }

    public TargetOptions target() {
        return target;
    }

    public OutputOptions output() {
        return output;
    }
}
