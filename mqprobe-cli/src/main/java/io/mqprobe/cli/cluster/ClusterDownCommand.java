package io.mqprobe.cli.cluster;

import io.mqprobe.cli.target.DriverOption;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.run.target.UpCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code mqprobe cluster down}: stops the brokers listed in the cluster's state file and deletes its run dir. */
@Command(name = "down", mixinStandardHelpOptions = true,
        description = "Stop the embedded cluster of 'mqprobe cluster up' and delete its data.")
final class ClusterDownCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    DriverOption which;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Optional<EmbeddedCluster> cluster = UpCluster.find(which.driverId());
        if (cluster.isEmpty()) {
            out.println("no embedded cluster is up");
        } else {
            int brokers = (int) cluster.get().brokers().stream().filter(b -> b.running()).count();
            cluster.get().close();
            out.println("stopped " + UpCluster.brokers(brokers) + " and removed " + cluster.get().runDir());
        }
        out.flush();
        return 0;
    }
}
