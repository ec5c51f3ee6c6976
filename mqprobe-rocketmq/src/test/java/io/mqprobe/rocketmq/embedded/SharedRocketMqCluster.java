package io.mqprobe.rocketmq.embedded;

import io.mqprobe.embedded.EmbeddedClusterException;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

import java.time.Duration;

/**
 * JUnit extension holding the one embedded RocketMQ cluster (a name server and one master) that the
 * integration test classes of this module share: started by the first class that needs it, closed when the
 * test run ends. Prints the nodes' log tails when a test fails.
 */
public final class SharedRocketMqCluster implements BeforeAllCallback, TestWatcher {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedRocketMqCluster.class);
    private static volatile EmbeddedRocketMqCluster cluster;

    /** The shared cluster; only valid in classes extended with this extension. */
    public static EmbeddedRocketMqCluster cluster() {
        if (cluster == null) {
            throw new IllegalStateException("add @ExtendWith(SharedRocketMqCluster.class) to the test class");
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
        EmbeddedRocketMqCluster c = cluster;
        if (c == null) {
            return;
        }
        System.err.println("=== " + context.getDisplayName() + " failed; RocketMQ logs follow");
        for (int id : c.nodeIds()) {
            System.err.println(c.logTail(id, 60));
        }
    }

    private static EmbeddedRocketMqCluster start() {
        long startNs = System.nanoTime();
        try {
            EmbeddedRocketMqCluster started = EmbeddedRocketMqCluster.start(RocketMqClusterOptions.defaults()
                    .withBrokerHeapBytes(512L << 20).withStartTimeout(Duration.ofMinutes(2)));
            System.err.printf("shared RocketMQ cluster (%s) started in %.1f s, name server %s%n", started.layout(),
                    (System.nanoTime() - startNs) / 1e9, started.nameServer());
            return started;
        } catch (EmbeddedClusterException e) {
            System.err.println(e.logTail());
            throw e;
        }
    }

    /** Closed by JUnit at the end of the run (the root store closes AutoCloseable values). */
    private record Holder(EmbeddedRocketMqCluster cluster) implements AutoCloseable {
        @Override
        public void close() {
            cluster.close();
        }
    }
}
