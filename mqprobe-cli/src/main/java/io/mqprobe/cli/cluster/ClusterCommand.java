package io.mqprobe.cli.cluster;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code mqprobe cluster}: a local embedded Kafka cluster that outlives single commands, and its faults. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        description = "Run a local embedded Kafka cluster (real brokers on 127.0.0.1) that other commands use "
                + "while it is up, and break it on purpose.",
        subcommands = {
                ClusterUpCommand.class,
                ClusterStatusCommand.class,
                ClusterDownCommand.class,
                ClusterKillCommand.class,
                ClusterStopCommand.class,
                ClusterRestartCommand.class,
                ClusterWipeCommand.class,
        })
public final class ClusterCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
