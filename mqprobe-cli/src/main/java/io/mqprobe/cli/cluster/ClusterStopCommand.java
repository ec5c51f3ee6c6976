package io.mqprobe.cli.cluster;

import io.mqprobe.embedded.EmbeddedCluster;
import picocli.CommandLine.Command;

import java.util.Locale;

/** {@code mqprobe cluster stop --broker N}: SIGTERM, Kafka's controlled shutdown. */
@Command(name = "stop", mixinStandardHelpOptions = true,
        description = "Stop a broker of the embedded cluster with SIGTERM (controlled shutdown).")
final class ClusterStopCommand extends BrokerFaultCommand {

    @Override
    void apply(EmbeddedCluster cluster, int broker) {
        cluster.stop(broker);
    }

    @Override
    String describe(int broker, long oldPid, long newPid, double seconds) {
        return oldPid > 0
                ? String.format(Locale.ROOT, "broker %d stopped in %.1f s (was pid %d)", broker, seconds, oldPid)
                : "broker " + broker + " was not running";
    }
}
