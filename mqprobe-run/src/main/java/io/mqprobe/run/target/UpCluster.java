package io.mqprobe.run.target;

import io.mqprobe.api.Drivers;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.embedded.EmbeddedSystems;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** Finds and prints the cluster of {@code mqprobe cluster up}. */
public final class UpCluster {

    private UpCluster() {
    }

    public static Optional<EmbeddedCluster> find(String driverId) {
        return EmbeddedClusters.attach(driverId);
    }

    public static EmbeddedCluster require(String driverId) {
        String which = driverId.equals(Drivers.DEFAULT_ID) ? "" : EmbeddedSystems.of(driverId).name() + " ";
        return find(driverId).orElseThrow(() -> new UsageException("no embedded " + which + "cluster is up; start one with "
                + "'mqprobe cluster up" + driverFlag(driverId) + "'"));
    }

    /** {@code " --driver ID"} for drivers other than the default, to repeat in hints. */
    public static String driverFlag(String driverId) {
        return driverId.equals(Drivers.DEFAULT_ID) ? "" : " --driver " + driverId;
    }

    public static void printBrokers(PrintWriter out, EmbeddedCluster cluster) {
        out.printf(Locale.ROOT, "%-7s %-8s %-13s %-6s %-6s %-6s %-8s %s%n", "broker", "pid", "host", "port", "jmx", "alive", "spec", "data");
        for (LocalBrokerProcess broker : cluster.brokers()) {
            out.printf(Locale.ROOT, "%-7d %-8s %-13s %-6d %-6d %-6s %-8s %s%n", broker.brokerId(),
                    broker.running() ? Long.toString(broker.pid()) : "-", broker.host(), cluster.listenerPort(broker.brokerId()),
                    broker.jmxPort(), broker.running() ? "yes" : "no", broker.instanceSpec().map(Object::toString).orElse("-"),
                    ByteSize.format(sizeBytes(broker.dataDir())));
        }
    }

    public static String brokers(int n) {
        return HumanUnits.counted(n, "broker");
    }

    private static long sizeBytes(Path dir) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(UpCluster::sizeOrZero).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;   // a broker rolled or deleted a segment while we walked; the size is informative only
        }
    }

    private static long sizeOrZero(Path file) {
        try {
            return Files.size(file);
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
