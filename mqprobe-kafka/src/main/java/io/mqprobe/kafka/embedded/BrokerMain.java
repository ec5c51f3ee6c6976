package io.mqprobe.kafka.embedded;

import io.mqprobe.embedded.OrphanGuard;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;

/**
 * Main class of an embedded broker's child JVM: installs the orphan guard, formats the storage when
 * needed, then runs {@code kafka.Kafka}. Arguments after the guard's: {@code <server.properties> <clusterId>}.
 */
public final class BrokerMain {

    private BrokerMain() {
    }

    public static void main(String[] guardedArgs) throws Throwable {
        String[] args = OrphanGuard.install(guardedArgs);
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: BrokerMain <watchedPid> <detachedMarker> <server.properties> <clusterId>");
        }
        Path config = Path.of(args[0]);
        formatStorage(config, args[1]);
        // broker classes are runtime-only dependencies: nothing in mqprobe compiles against broker internals
        invoke(Class.forName("kafka.Kafka").getMethod("main", String[].class), (Object) new String[]{config.toString()});
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
