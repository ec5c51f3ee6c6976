package io.mqprobe.kafka.embedded;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Main class of an embedded broker's child JVM: halts the broker when the mqprobe process that
 * started it dies (unless the cluster was detached), formats the storage when needed, then runs
 * {@code kafka.Kafka}. Arguments: {@code <server.properties> <clusterId> <watchedPid>}.
 */
public final class BrokerMain {

    /** Marker file next to server.properties: the broker outlives the process that started it. */
    static final String DETACHED_MARKER = "detached";

    /** Exit status of a broker halted because its mqprobe process died. */
    static final int ORPHAN_EXIT_CODE = 86;

    private BrokerMain() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: BrokerMain <server.properties> <clusterId> <watchedPid>");
        }
        Path config = Path.of(args[0]);
        haltWhenGone(Long.parseLong(args[2]), config.resolveSibling(DETACHED_MARKER));
        formatStorage(config, args[1]);
        // broker classes are runtime-only dependencies: nothing in mqprobe compiles against broker internals
        invoke(Class.forName("kafka.Kafka").getMethod("main", String[].class), (Object) new String[]{config.toString()});
    }

    /** A killed mqprobe (even kill -9, which runs no shutdown hook) must not leave brokers behind. */
    private static void haltWhenGone(long watchedPid, Path detachedMarker) {
        Optional<ProcessHandle> watched = ProcessHandle.of(watchedPid);
        if (watched.isEmpty()) {
            haltUnlessDetached(watchedPid, detachedMarker);
            return;
        }
        watched.get().onExit().thenRun(() -> haltUnlessDetached(watchedPid, detachedMarker));
    }

    private static void haltUnlessDetached(long watchedPid, Path detachedMarker) {
        if (!Files.exists(detachedMarker)) {
            System.err.println("mqprobe process " + watchedPid + " is gone: halting this embedded broker");
            Runtime.getRuntime().halt(ORPHAN_EXIT_CODE);
        }
    }

    /**
     * {@code --ignore-formatted}: a restart finds every directory formatted (no-op); after a wipe only the
     * empty data directory is formatted, so the controller's metadata log survives.
     */
    private static void formatStorage(Path config, String clusterId) throws Throwable {
        Method execute = Class.forName("kafka.tools.StorageTool").getMethod("execute", String[].class, PrintStream.class);
        String[] args = {"format", "-t", clusterId, "-c", config.toString(), "--ignore-formatted"};
        Object code = invoke(execute, args, System.out);
        if (code instanceof Integer status && status != 0) {
            throw new IllegalStateException("formatting the broker storage failed with status " + status);
        }
    }

    private static Object invoke(Method method, Object... args) throws Throwable {
        try {
            return method.invoke(null, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
