package io.mqprobe.mirror;

import io.mqprobe.api.Driver;
import io.mqprobe.api.Drivers;
import io.mqprobe.api.Target;
import io.mqprobe.api.UsageException;
import io.mqprobe.kafka.embedded.EmbeddedClusterOptions;
import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
import io.mqprobe.run.RunSession;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The mirror's far side: a target cluster (an embedded one with MirrorMaker 2 started here, or the user's with
 * the user's running mirror) and an admin connection to see the mirrored topics appear. Closes what it started.
 */
final class MirrorTarget implements AutoCloseable {

    private static final int TARGET_BROKERS = 1;
    private static final long TARGET_HEAP_BYTES = 512L << 20;
    private static final long POLL_MS = 250;

    private final EmbeddedKafkaCluster cluster;
    private final EmbeddedMirrorMaker mirror;
    private final Driver driver;
    private final String bootstrap;
    private final Map<String, String> clientSettings;

    private MirrorTarget(EmbeddedKafkaCluster cluster, EmbeddedMirrorMaker mirror, Driver driver, String bootstrap,
                         Map<String, String> clientSettings) {
        this.cluster = cluster;
        this.mirror = mirror;
        this.driver = driver;
        this.bootstrap = bootstrap;
        this.clientSettings = Map.copyOf(clientSettings);
    }

    /** The user's target ({@code bootstrap} not null), or an embedded target and mirror next to the session's embedded source. */
    public static MirrorTarget open(String bootstrap, Map<String, String> clientSettings, RunSession session, String topicPattern) {
        PrintWriter progress = session.progress().writer();
        if (bootstrap != null) {
            Target target = new Target(session.cluster().target().driverId(), bootstrap, clientSettings, Duration.ofSeconds(10));
            return new MirrorTarget(null, null, Drivers.connect(target), bootstrap, clientSettings);
        }
        if (!session.cluster().embedded()) {
            throw new UsageException("an embedded mirror needs an embedded source; with --bootstrap give --target-bootstrap too");
        }
        progress.print("starting the embedded target Kafka (1 broker) ... ");
        progress.flush();
        long startNs = System.nanoTime();
        EmbeddedKafkaCluster cluster = EmbeddedKafkaCluster.start(EmbeddedClusterOptions.defaults().withBrokers(TARGET_BROKERS)
                .withHeapBytes(TARGET_HEAP_BYTES), line -> progress.print(line + "; "));
        EmbeddedMirrorMaker mirror = null;
        try {
            progress.printf(Locale.ROOT, "ready in %.1f s%n", (System.nanoTime() - startNs) / 1e9);
            progress.println("starting MirrorMaker 2 (dedicated mode, " + session.cluster().target().bootstrap() + " -> "
                    + cluster.bootstrap() + ", topics " + topicPattern + ")");
            progress.flush();
            mirror = EmbeddedMirrorMaker.start(session.cluster().target().bootstrap(), cluster.bootstrap(), topicPattern,
                    TARGET_BROKERS, Map.of());
            Target target = new Target(session.cluster().target().driverId(), cluster.bootstrap(), Map.of(), Duration.ofSeconds(30));
            return new MirrorTarget(cluster, mirror, Drivers.connect(target), cluster.bootstrap(), Map.of());
        } catch (RuntimeException e) {
            if (mirror != null) {
                mirror.close();
            }
            cluster.close();
            throw e;
        }
    }

    public String bootstrap() {
        return bootstrap;
    }

    public Map<String, String> clientSettings() {
        return clientSettings;
    }

    public Optional<EmbeddedMirrorMaker> mirror() {
        return Optional.ofNullable(mirror);
    }

    /** True once {@code topic} exists in the target with all its partitions led; false after {@code timeout}. */
    public boolean awaitTopic(String topic, Duration timeout) {
        long deadlineNs = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadlineNs) {
            if (mirror != null) {
                mirror.checkAlive();
            }
            try {
                if (driver.admin().describeTopic(topic).stream().allMatch(p -> p.leader() >= 0)) {
                    return true;
                }
            } catch (RuntimeException notYet) {
                // not created yet: the mirror finds new source topics within about a second
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    @Override
    public void close() {
        try {
            driver.close();
        } finally {
            try {
                if (mirror != null) {
                    mirror.close();
                }
            } finally {
                if (cluster != null) {
                    cluster.close();
                }
            }
        }
    }
}
