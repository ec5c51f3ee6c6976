package io.mqprobe.run.target;

import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.embedded.EmbeddedSpec;
import io.mqprobe.embedded.EmbeddedSystem;
import io.mqprobe.embedded.EmbeddedSystems;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The embedded cluster of a driver, whichever module brings it ({@link EmbeddedSystems}): starts one and says so,
 * or finds the one {@code mqprobe cluster up} left running.
 */
public final class EmbeddedClusters {

    private EmbeddedClusters() {
    }

    /** The cluster of {@code mqprobe cluster up --driver ID}, if one is up (stopped brokers included). */
    public static Optional<EmbeddedCluster> attach(String driverId) {
        return EmbeddedSystems.of(driverId).attach(MqprobeHome.clusterDir(driverId));
    }

    /**
     * Starts the cluster and says so on {@code progress}: "starting embedded Kafka (3 brokers) ... ready in 12.3 s",
     * one-line notices (isolation off and why) in between, "failed" before a failure propagates.
     */
    public static EmbeddedCluster startAnnounced(String driverId, EmbeddedSpec spec, PrintWriter progress) {
        EmbeddedSystem system = EmbeddedSystems.of(driverId);
        progress.print("starting embedded " + system.name() + " (" + system.describe(spec) + ") ... ");
        progress.flush();
        long startNs = System.nanoTime();
        Consumer<String> notice = line -> {
            progress.print(line + "; ");
            progress.flush();
        };
        EmbeddedCluster cluster;
        try {
            cluster = system.start(spec, notice);
        } catch (RuntimeException e) {
            progress.println("failed");
            progress.flush();
            throw e;
        }
        progress.printf(Locale.ROOT, "ready in %.1f s%n", (System.nanoTime() - startNs) / 1e9);
        progress.flush();
        return cluster;
    }
}
