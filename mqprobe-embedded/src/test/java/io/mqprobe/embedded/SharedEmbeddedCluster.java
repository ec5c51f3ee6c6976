package io.mqprobe.embedded;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * JUnit extension holding the one embedded cluster that every integration test class of a module shares, one
 * subclass per system: started by the first class that needs it, closed when the whole test run ends. Prints
 * the nodes' log tails when a test fails. Shipped in this module's test-jar.
 */
public abstract class SharedEmbeddedCluster<C extends EmbeddedCluster> implements BeforeAllCallback, TestWatcher {

    /** The cluster of each extension class, once a test class with it has started. */
    private static final Map<Class<?>, EmbeddedCluster> RUNNING = new ConcurrentHashMap<>();

    /** Starts the cluster and blocks until it serves. */
    protected abstract C start();

    /** The cluster of {@code extension}; only valid in test classes extended with it. */
    @SuppressWarnings("unchecked")
    protected static <C extends EmbeddedCluster> C running(Class<? extends SharedEmbeddedCluster<C>> extension) {
        EmbeddedCluster cluster = RUNNING.get(extension);
        if (cluster == null) {
            throw new IllegalStateException("add @ExtendWith(" + extension.getSimpleName() + ".class) to the test class");
        }
        return (C) cluster;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        EmbeddedCluster cluster = context.getRoot().getStore(ExtensionContext.Namespace.create(getClass()))
                .getOrComputeIfAbsent("cluster", key -> new Holder(timedStart()), Holder.class).cluster;
        RUNNING.put(getClass(), cluster);
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        EmbeddedCluster cluster = RUNNING.get(getClass());
        if (cluster == null) {
            return;
        }
        System.err.println("=== " + context.getDisplayName() + " failed; " + cluster.system() + " logs follow");
        for (int id : cluster.nodeIds()) {
            System.err.println(cluster.logTail(id, 60));
        }
    }

    private C timedStart() {
        long startNs = System.nanoTime();
        try {
            C started = start();
            System.err.printf("shared %s cluster (%d brokers) started in %.1f s at %s%n", started.system(),
                    started.brokers().size(), (System.nanoTime() - startNs) / 1e9, started.bootstrap());
            return started;
        } catch (EmbeddedClusterException e) {
            System.err.println(e.logTail());
            throw e;
        }
    }

    /** Closed by JUnit at the end of the run (the root store closes AutoCloseable values). */
    private record Holder(EmbeddedCluster cluster) implements AutoCloseable {
        @Override
        public void close() {
            cluster.close();
        }
    }
}
