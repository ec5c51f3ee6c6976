package io.mqprobe.cli;

import picocli.CommandLine;

/**
 * The list of subcommands, in the order {@code --help} shows them. Each feature adds its
 * command here with one line.
 */
final class Subcommands {

    private Subcommands() {
    }

    static void register(CommandLine top) {
        // main job
        top.addSubcommand(new io.mqprobe.cli.probe.ProbeCommand());
        top.addSubcommand(new io.mqprobe.cli.report.ReportCommand());
        top.addSubcommand(new io.mqprobe.cli.report.CompareCommand());
        top.addSubcommand(new io.mqprobe.cli.plan.PlanCommand());
        top.addSubcommand(new io.mqprobe.cli.sweep.SweepCommand());
        // load
        top.addSubcommand(new io.mqprobe.cli.load.ProduceCommand());
        top.addSubcommand(new io.mqprobe.cli.load.ConsumeCommand());
        top.addSubcommand(new io.mqprobe.cli.load.E2eCommand());
        top.addSubcommand(new io.mqprobe.cli.mirror.MirrorCommand());
        top.addSubcommand(new io.mqprobe.cli.chaos.ChaosCommand());
        top.addSubcommand(new io.mqprobe.cli.soak.SoakCommand());
        top.addSubcommand(new io.mqprobe.cli.omb.RunCommand());
        top.addSubcommand(new io.mqprobe.cli.worker.WorkerCommand());
        top.addSubcommand(new io.mqprobe.cli.worker.K8sCommand());
        // cluster
        top.addSubcommand(new io.mqprobe.cli.cluster.ClusterCommand());
        top.addSubcommand(new io.mqprobe.cli.monitor.MonitorCommand());
        // physical ceilings
        top.addSubcommand(new io.mqprobe.cli.ceiling.DiskCommand()).addSubcommand(new io.mqprobe.cli.ceiling.NetCommand());
    }
}
