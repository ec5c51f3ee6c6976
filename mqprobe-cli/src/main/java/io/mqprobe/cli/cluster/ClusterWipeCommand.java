package io.mqprobe.cli.cluster;

import io.mqprobe.embedded.EmbeddedCluster;
import picocli.CommandLine.Command;

import java.util.Locale;

/** {@code mqprobe cluster wipe --broker N}: a replaced disk; the broker refetches its replicas. */
@Command(name = "wipe", mixinStandardHelpOptions = true,
        description = "Stop a broker of the embedded cluster, delete its data (as a replaced disk) and start it again; "
                + "it fetches its replicas back from the other brokers.")
final class ClusterWipeCommand extends BrokerFaultCommand {

    @Override
    void apply(EmbeddedCluster cluster, int broker) {
        cluster.wipe(broker);
    }

    @Override
    String describe(int broker, long oldPid, long newPid, double seconds) {
        return String.format(Locale.ROOT, "broker %d wiped and restarted (pid %d), serving after %.1f s", broker, newPid, seconds);
    }
}
