package io.mqprobe.cli.cluster;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.cli.target.DriverOption;
import io.mqprobe.cli.target.EmbeddedBrokersOption;
import io.mqprobe.cli.target.IsolationFlags;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.embedded.EmbeddedSpec;
import io.mqprobe.embedded.EmbeddedSystems;
import io.mqprobe.embedded.SyncMode;
import io.mqprobe.embedded.isolation.BrokerIsolation;
import io.mqprobe.run.target.EmbeddedClusters;
import io.mqprobe.run.target.MqprobeHome;
import io.mqprobe.run.target.UpCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code mqprobe cluster up}: starts an embedded cluster that stays up after the command returns. */
@Command(name = "up", mixinStandardHelpOptions = true,
        description = "Start an embedded Kafka or RocketMQ cluster that stays up until 'mqprobe cluster down'.")
final class ClusterUpCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    DriverOption which;

    /** A cluster that stays up serves the commands that need the most brokers (probe's replicated scenarios). */
    static final int DEFAULT_BROKERS = 3;

    @Mixin
    EmbeddedBrokersOption brokers;

    @Option(names = "--replication", paramLabel = "MODE", defaultValue = "async",
            description = "RocketMQ: sync (the master answers once its slaves have the message) or async (default: ${DEFAULT-VALUE}).")
    String replication;

    @Option(names = "--flush", paramLabel = "MODE", defaultValue = "async",
            description = "RocketMQ: sync (brokers answer once the message is on disk) or async (in the page cache) (default: ${DEFAULT-VALUE}).")
    String flush;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "1GiB",
            description = "JVM heap of each broker (default: ${DEFAULT-VALUE}; with --broker-spec half its memory).")
    String heap;

    @Option(names = "--security", paramLabel = "MODE", defaultValue = "plaintext",
            description = "plaintext, or ssl for an SSL listener beside the plaintext one (keys made at start into the run dir; "
                    + "replication over SSL) (default: ${DEFAULT-VALUE}).")
    String security;

    @Mixin
    IsolationFlags isolation = new IsolationFlags();

    @Override
    public Integer call() {
        int brokerCount = brokers.brokers().orElse(DEFAULT_BROKERS);
        EmbeddedSpec options = EmbeddedSpec.of(brokerCount, MqprobeHome.clusterDir(which.driverId()), isolation.isolation())
                .withHeapBytes(ByteSize.parse(heap))
                .withSsl(io.mqprobe.run.target.Security.parseList(security).contains(io.mqprobe.run.target.Security.SSL))
                .withModes(SyncMode.parse("--replication", replication), SyncMode.parse("--flush", flush));
        String addressName = EmbeddedSystems.of(which.driverId()).addressName();
        String down = "'mqprobe cluster down" + UpCluster.driverFlag(which.driverId()) + "'";
        Optional<EmbeddedCluster> running = UpCluster.find(which.driverId());
        if (running.isPresent() && running.get().anyRunning()) {
            throw new UsageException("an embedded " + running.get().system() + " cluster is already up ("
                    + UpCluster.brokers(running.get().brokers().size()) + " at " + running.get().bootstrap()
                    + "); stop it first with " + down);
        }
        if (running.isPresent()) {
            throw new UsageException("the embedded cluster's brokers are all stopped; start them with "
                    + "'mqprobe cluster restart --broker N' or remove it with " + down);
        }
        BrokerIsolation.plan(options.isolation(), brokerCount);   // oversubscription is refused before anything starts
        EmbeddedCluster cluster = EmbeddedClusters.startAnnounced(which.driverId(), options, spec.commandLine().getErr());
        cluster.detach();

        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%-10s %s%n", addressName, cluster.bootstrap());
        cluster.sslBootstrap().ifPresent(ssl -> out.println("ssl        " + ssl + " (trust store "
                + cluster.sslClientSettings().get("ssl.truststore.location") + ")"));
        out.println("run dir    " + cluster.runDir());
        out.println("isolation  " + cluster.isolation());
        UpCluster.printBrokers(out, cluster);
        out.println("Commands without --bootstrap" + UpCluster.driverFlag(which.driverId()) + " now use this cluster. Stop it with " + down + ".");
        out.flush();
        return 0;
    }
}
