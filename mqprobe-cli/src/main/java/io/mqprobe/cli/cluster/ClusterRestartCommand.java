package io.mqprobe.cli.cluster;

import io.mqprobe.embedded.EmbeddedCluster;
import picocli.CommandLine.Command;

import java.util.Locale;

/** {@code mqprobe cluster restart --broker N}: same id, ports and data; waits until it serves. */
@Command(name = "restart", mixinStandardHelpOptions = true,
        description = "Start a broker of the embedded cluster again (stopping it first if it runs) and wait until it serves.")
final class ClusterRestartCommand extends BrokerFaultCommand {

    @Override
    void apply(EmbeddedCluster cluster, int broker) {
        cluster.restart(broker);
    }

    @Override
    String describe(int broker, long oldPid, long newPid, double seconds) {
        return String.format(Locale.ROOT, "broker %d restarted (pid %d), serving after %.1f s", broker, newPid, seconds);
    }
}
