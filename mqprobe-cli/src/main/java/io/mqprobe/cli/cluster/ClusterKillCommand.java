package io.mqprobe.cli.cluster;

import io.mqprobe.embedded.EmbeddedCluster;
import picocli.CommandLine.Command;

/** {@code mqprobe cluster kill --broker N}: kill -9, as a crashed machine. */
@Command(name = "kill", mixinStandardHelpOptions = true, description = "Kill a broker of the embedded cluster with SIGKILL (a crash).")
final class ClusterKillCommand extends BrokerFaultCommand {

    @Override
    void apply(EmbeddedCluster cluster, int broker) {
        cluster.kill(broker);
    }

    @Override
    String describe(int broker, long oldPid, long newPid, double seconds) {
        return oldPid > 0 ? "broker " + broker + " killed (was pid " + oldPid + ")" : "broker " + broker + " was not running";
    }
}
