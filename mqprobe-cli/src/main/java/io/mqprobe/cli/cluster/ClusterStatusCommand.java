package io.mqprobe.cli.cluster;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.Target;
import io.mqprobe.api.UsageException;
import io.mqprobe.cli.target.TargetOptions;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.run.target.TargetPlan;
import io.mqprobe.run.target.UpCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code mqprobe cluster status}: the brokers of the cluster of {@code cluster up}, or with
 * {@code --bootstrap} the brokers a remote cluster reports. Never starts a cluster.
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "List the brokers of the embedded cluster (pid, ports, alive, data size), "
                + "or with --bootstrap the brokers of any cluster.")
final class ClusterStatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    TargetOptions target;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        TargetPlan plan = target.conclude();   // an unreadable --command-config is bad input, with or without --bootstrap
        if (plan.brokers().isPresent()) {
            throw new UsageException("--brokers sizes a new embedded cluster; use 'mqprobe cluster up --brokers N'");
        }
        if (plan.bootstrap().isPresent()) {
            printRemote(out, plan.target(plan.bootstrap().get()));
        } else {
            Optional<EmbeddedCluster> cluster = UpCluster.find(plan.driverId());
            if (cluster.isEmpty()) {
                out.println("no embedded cluster is up (start one with 'mqprobe cluster up')");
            } else {
                out.println("embedded " + cluster.get().system() + ", " + UpCluster.brokers(cluster.get().brokers().size()));
                out.println("bootstrap  " + cluster.get().bootstrap());
                out.println("run dir    " + cluster.get().runDir());
                out.println("isolation  " + cluster.get().isolation());
                UpCluster.printBrokers(out, cluster.get());
            }
        }
        out.flush();
        return 0;
    }

    private static void printRemote(PrintWriter out, Target remote) {
        String bootstrap = remote.bootstrap();
        try (Driver driver = Drivers.connect(remote)) {
            List<BrokerInfo> brokers = driver.admin().describeBrokers();
            out.println(driver.id() + " cluster at " + bootstrap + ", " + UpCluster.brokers(brokers.size()));
            out.printf(Locale.ROOT, "%-7s %-30s %s%n", "broker", "address", "rack");
            for (BrokerInfo b : brokers) {
                out.printf(Locale.ROOT, "%-7d %-30s %s%n", b.id(), b.host() + ":" + b.port(), b.rack() == null ? "-" : b.rack());
            }
        }
    }
}
