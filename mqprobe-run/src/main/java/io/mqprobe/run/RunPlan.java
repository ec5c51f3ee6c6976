package io.mqprobe.run;

import io.mqprobe.run.target.TargetPlan;

import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Everything a load command hands its session, concluded once from its options before anything starts: where the
 * cluster is, where the run writes, what it watches, the disk it may fill, the gates it must pass and where the load runs. Immutable: a
 * command that decides more (a probe over sizes gives each its own directory and broker spec) gets a new plan.
 *
 * @param command        the command's name, written into the result
 * @param argv           the arguments as typed, written into the result
 * @param target         the cluster under test
 * @param defaultBrokers brokers of an embedded cluster the session starts when {@code --brokers} is absent
 * @param keepTopics     leave the topics the run created
 * @param outDir         the run directory, or {@code null} for {@code mqprobe-runs/<time>-<command>}
 * @param jsonFile       where the result document goes instead of {@code <out>/result.json}, or {@code null}
 * @param monitor        what to watch while load runs
 * @param disk           the disk budget and reserve
 * @param gates          the {@code --fail-if} gates
 * @param workers        where the load runs
 */
public record RunPlan(String command, List<String> argv, TargetPlan target, int defaultBrokers, boolean keepTopics,
                      Path outDir, Path jsonFile, MonitorPlan monitor, DiskLimits disk, GatePlan gates,
                      WorkerPlan workers) {

    public RunPlan {
        argv = List.copyOf(argv);
    }

    /** The same run against the target {@code change} makes of this one. */
    public RunPlan withTarget(UnaryOperator<TargetPlan> change) {
        return new RunPlan(command, argv, change.apply(target), defaultBrokers, keepTopics, outDir, jsonFile, monitor, disk,
                gates, workers);
    }

    /** The same run, writing into {@code dir}. */
    public RunPlan withOutDir(Path dir) {
        return new RunPlan(command, argv, target, defaultBrokers, keepTopics, dir, jsonFile, monitor, disk, gates, workers);
    }
}
