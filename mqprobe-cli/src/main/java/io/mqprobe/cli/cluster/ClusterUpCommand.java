package io.mqprobe.cli.cluster;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.cli.target.IsolationFlags;
import io.mqprobe.cli.target.MqprobeHome;
import io.mqprobe.kafka.embedded.EmbeddedClusterOptions;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
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
        description = "Start an embedded Kafka cluster that stays up until 'mqprobe cluster down'.")
final class ClusterUpCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--brokers", paramLabel = "N", defaultValue = "3",
            description = "Number of brokers, 1 to 9 (default: ${DEFAULT-VALUE}).")
    int brokers;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "1GiB",
            description = "JVM heap of each broker (default: ${DEFAULT-VALUE}; with --broker-spec half its memory).")
    String heap;

    @Mixin
    IsolationFlags isolation = new IsolationFlags();

    @Override
    public Integer call() {
        EmbeddedClusterOptions options = EmbeddedClusterOptions.defaults()
                .withBrokers(brokers)
                .withHeapBytes(ByteSize.parse(heap))
                .withRunDir(MqprobeHome.clusterDir())
                .withIsolation(isolation.isolation());
        Optional<EmbeddedKafkaCluster> running = UpCluster.find();
        if (running.isPresent() && running.get().anyRunning()) {
            throw new UsageException("an embedded cluster is already up (" + UpCluster.brokers(running.get().brokers().size())
                    + " at " + running.get().bootstrap() + "); stop it first with 'mqprobe cluster down'");
        }
        if (running.isPresent()) {
            throw new UsageException("the embedded cluster's brokers are all stopped; start them with "
                    + "'mqprobe cluster restart --broker N' or remove it with 'mqprobe cluster down'");
        }
        PrintWriter err = spec.commandLine().getErr();
        err.print("starting embedded Kafka (" + UpCluster.brokers(brokers) + ") ... ");
        err.flush();
        long startNs = System.nanoTime();
        EmbeddedKafkaCluster cluster;
        try {
            cluster = EmbeddedKafkaCluster.start(options, line -> {
                err.print(line + "; ");
                err.flush();
            });
        } catch (RuntimeException e) {
            err.println("failed");
            err.flush();
            throw e;
        }
        cluster.detach();
        err.printf(Locale.ROOT, "ready in %.1f s%n", (System.nanoTime() - startNs) / 1e9);
        err.flush();

        PrintWriter out = spec.commandLine().getOut();
        out.println("bootstrap  " + cluster.bootstrap());
        out.println("run dir    " + cluster.runDir());
        out.println("isolation  " + cluster.isolation());
        UpCluster.printBrokers(out, cluster);
        out.println("Commands without --bootstrap now use this cluster. Stop it with 'mqprobe cluster down'.");
        out.flush();
        return 0;
    }
}
