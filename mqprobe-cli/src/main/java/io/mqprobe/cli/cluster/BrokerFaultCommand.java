package io.mqprobe.cli.cluster;

import io.mqprobe.cli.target.DriverOption;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.run.target.UpCluster;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** Base of the commands that break or repair one broker of the cluster of {@code cluster up}. */
abstract class BrokerFaultCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--broker", paramLabel = "ID", required = true,
            description = "Broker id (Kafka's 1 is also the controller; RocketMQ's name server is the node after the brokers).")
    int brokerId;

    @Mixin
    DriverOption which;

    @Override
    public final Integer call() {
        EmbeddedCluster cluster = UpCluster.require(which.driverId());
        long oldPid = cluster.brokers().stream().filter(b -> b.brokerId() == brokerId).findFirst()
                .map(b -> b.pid()).orElse(-1L);
        long startNs = System.nanoTime();
        apply(cluster, brokerId);
        double seconds = (System.nanoTime() - startNs) / 1e9;
        long newPid = cluster.brokers().stream().filter(b -> b.brokerId() == brokerId).findFirst()
                .map(b -> b.pid()).orElse(-1L);
        PrintWriter out = spec.commandLine().getOut();
        out.println(describe(brokerId, oldPid, newPid, seconds));
        out.flush();
        return 0;
    }

    /** Does the fault; the cluster validates the id. */
    abstract void apply(EmbeddedCluster cluster, int broker);

    /** One line for the user, e.g. {@code broker 2 killed (was pid 1234)}. */
    abstract String describe(int broker, long oldPid, long newPid, double seconds);
}
