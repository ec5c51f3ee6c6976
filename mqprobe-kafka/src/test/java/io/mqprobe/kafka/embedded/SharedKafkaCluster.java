package io.mqprobe.kafka.embedded;

import io.mqprobe.embedded.EmbeddedClusterException;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

import java.time.Duration;

/**
 * JUnit extension holding the one 3-broker embedded cluster that every integration test class of this
 * module shares: started by the first class that needs it, closed when the whole test run ends. Prints
 * the brokers' log tails when a test fails.
 */
public final class SharedKafkaCluster implements BeforeAllCallback, TestWatcher {

    public static final int BROKERS = 3;

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedKafkaCluster.class);
    private static volatile EmbeddedKafkaCluster cluster;

    /** The shared cluster; only valid in classes extended with this extension. */
    public static EmbeddedKafkaCluster cluster() {
        if (cluster == null) {
            throw new IllegalStateException("add @ExtendWith(SharedKafkaCluster.class) to the test class");
        }
        return cluster;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        cluster = context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent("cluster", key -> new Holder(start()), Holder.class).cluster;
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        EmbeddedKafkaCluster c = cluster;
        if (c == null) {
            return;
        }
        System.err.println("=== " + context.getDisplayName() + " failed; broker logs follow");
        for (int id = 1; id <= BROKERS; id++) {
            System.err.println(c.logTail(id, 60));
        }
    }

    private static EmbeddedKafkaCluster start() {
        long startNs = System.nanoTime();
        try {
            EmbeddedKafkaCluster started = EmbeddedKafkaCluster.start(EmbeddedClusterOptions.defaults()
                    .withBrokers(BROKERS).withStartTimeout(Duration.ofMinutes(2)));
            System.err.printf("shared %d-broker cluster started in %.1f s at %s%n", BROKERS,
                    (System.nanoTime() - startNs) / 1e9, started.bootstrap());
            return started;
        } catch (EmbeddedClusterException e) {
            System.err.println(e.logTail());
            throw e;
        }
    }

    /** Closed by JUnit at the end of the run (the root store closes AutoCloseable values). */
    private record Holder(EmbeddedKafkaCluster cluster) implements AutoCloseable {
        @Override
        public void close() {
            cluster.close();
        }
    }
}
