package io.mqprobe.cli.target;

import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.embedded.isolation.IsolationOptions;
import io.mqprobe.kafka.KafkaDriverFactory;
import io.mqprobe.kafka.embedded.EmbeddedClusterOptions;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import io.mqprobe.rocketmq.RocketMqDriverFactory;
import io.mqprobe.rocketmq.embedded.EmbeddedRocketMqCluster;
import io.mqprobe.rocketmq.embedded.RocketMqClusterOptions;
import io.mqprobe.rocketmq.embedded.RocketMqLayout;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The embedded cluster of each driver: Kafka (1 to 9 KRaft brokers) or RocketMQ (a name server and a master, or
 * a master and two slaves). Starts one, or finds the one {@code mqprobe cluster up} left running.
 */
public final class EmbeddedClusters {

    private EmbeddedClusters() {
    }

    /**
     * What to start.
     *
     * @param heapBytes   broker heap, 0 for the driver's default
     * @param replication RocketMQ only: how a master answers with slaves (sync waits for them)
     * @param flush       RocketMQ only: whether a broker answers after the disk or the page cache has the message
     */
    public record Spec(String driverId, int brokers, long heapBytes, Path runDir, IsolationOptions isolation,
                       RocketMqLayout.Mode replication, RocketMqLayout.Mode flush) {

        public static Spec of(String driverId, int brokers, Path runDir, IsolationOptions isolation) {
            return new Spec(driverId, brokers, 0, runDir, isolation, RocketMqLayout.Mode.ASYNC, RocketMqLayout.Mode.ASYNC);
        }
    }

    /** The system's name for people, e.g. in "starting embedded RocketMQ". */
    public static String system(String driverId) {
        return switch (check(driverId)) {
            case RocketMqDriverFactory.ID -> "RocketMQ";
            default -> "Kafka";
        };
    }

    /** The cluster of {@code mqprobe cluster up --driver ID}, if one is up (stopped brokers included). */
    public static Optional<EmbeddedCluster> attach(String driverId) {
        Path dir = MqprobeHome.clusterDir(check(driverId));
        return driverId.equals(RocketMqDriverFactory.ID)
                ? EmbeddedRocketMqCluster.attach(dir).map(c -> c)
                : EmbeddedKafkaCluster.attach(dir).map(c -> c);
    }

    /** Starts the cluster and blocks until it serves; one-line notices (isolation off and why) go to {@code notice}. */
    public static EmbeddedCluster start(Spec spec, Consumer<String> notice) {
        if (check(spec.driverId()).equals(RocketMqDriverFactory.ID)) {
            if (spec.isolation().requested()) {
                throw new UsageException("the embedded RocketMQ cluster runs without isolation; drop --broker-spec, "
                        + "--broker-net, --broker-disk and --client-cores");
            }
            RocketMqClusterOptions options = RocketMqClusterOptions.defaults().withLayout(layout(spec)).withRunDir(spec.runDir());
            return EmbeddedRocketMqCluster.start(spec.heapBytes() > 0 ? options.withBrokerHeapBytes(spec.heapBytes()) : options);
        }
        EmbeddedClusterOptions options = EmbeddedClusterOptions.defaults().withBrokers(spec.brokers()).withRunDir(spec.runDir())
                .withIsolation(spec.isolation());
        return EmbeddedKafkaCluster.start(spec.heapBytes() > 0 ? options.withHeapBytes(spec.heapBytes()) : options, notice);
    }

    /**
     * Starts the cluster and says so on {@code progress}: "starting embedded Kafka (3 brokers) ... ready in 12.3 s",
     * one-line notices (isolation off and why) in between, "failed" before a failure propagates.
     *
     * @param kafkaOptions what a Kafka cluster also takes (SSL, broker overrides); RocketMQ starts from the spec alone
     */
    public static EmbeddedCluster startAnnounced(Spec spec, EmbeddedClusterOptions kafkaOptions, PrintWriter progress) {
        progress.print("starting embedded " + system(spec.driverId()) + " (" + describe(spec) + ") ... ");
        progress.flush();
        long startNs = System.nanoTime();
        Consumer<String> notice = line -> {
            progress.print(line + "; ");
            progress.flush();
        };
        EmbeddedCluster cluster;
        try {
            cluster = spec.driverId().equals(KafkaDriverFactory.ID) ? EmbeddedKafkaCluster.start(kafkaOptions, notice)
                    : start(spec, notice);
        } catch (RuntimeException e) {
            progress.println("failed");
            progress.flush();
            throw e;
        }
        progress.printf(Locale.ROOT, "ready in %.1f s%n", (System.nanoTime() - startNs) / 1e9);
        progress.flush();
        return cluster;
    }

    /** Removes run dirs that killed mqprobe processes left under {@code parentDir}. */
    public static void removeStaleRunDirs(Path parentDir) {
        EmbeddedKafkaCluster.removeStaleRunDirs(parentDir);
    }

    /** Brokers in words, as the system counts them ("1 master + 2 slaves, sync replication, async flush"). */
    public static String describe(Spec spec) {
        return spec.driverId().equals(RocketMqDriverFactory.ID) ? layout(spec).toString()
                : spec.brokers() + (spec.brokers() == 1 ? " broker" : " brokers");
    }

    private static RocketMqLayout layout(Spec spec) {
        return switch (spec.brokers()) {
            case 1 -> RocketMqLayout.singleMaster().withFlush(spec.flush());
            case 3 -> RocketMqLayout.masterSlave(spec.replication(), spec.flush());
            default -> throw new UsageException("an embedded RocketMQ cluster has 1 broker (a master) or 3 (a master and "
                    + "two slaves), not " + spec.brokers());
        };
    }

    private static String check(String driverId) {
        if (!driverId.equals(KafkaDriverFactory.ID) && !driverId.equals(RocketMqDriverFactory.ID)) {
            throw new UsageException("mqprobe has no embedded cluster for --driver " + driverId + "; give --bootstrap");
        }
        return driverId;
    }
}
