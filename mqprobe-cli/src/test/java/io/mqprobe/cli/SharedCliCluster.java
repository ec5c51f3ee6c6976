package io.mqprobe.cli;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One embedded 3-broker cluster for every CLI integration test in this JVM, started the way a user
 * would ({@code mqprobe cluster up}) under a private mqprobe home, so each command under test attaches
 * to it instead of starting its own. Stopped ({@code cluster down}) when the test run ends.
 */
public final class SharedCliCluster implements BeforeAllCallback {

    public static final int BROKERS = 3;
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedCliCluster.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("cluster", key -> start(), Running.class);
    }

    private static Running start() {
        Path home;
        try {
            home = Files.createTempDirectory("mqprobe-cli-test-home");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.setProperty("mqprobe.home", home.toString());
        CliRun up = CliRun.of("cluster", "up", "--brokers", String.valueOf(BROKERS));
        if (up.exitCode() != 0) {
            throw new IllegalStateException("cluster up failed: " + up.err() + up.out());
        }
        Running running = new Running();
        // a killed test JVM must not leave detached brokers behind
        Runtime.getRuntime().addShutdownHook(new Thread(running::stop));
        return running;
    }

    /** Stops the cluster once, at the end of the run or on JVM exit. */
    static final class Running implements ExtensionContext.Store.CloseableResource {
        private boolean stopped;

        synchronized void stop() {
            if (!stopped) {
                stopped = true;
                CliRun.of("cluster", "down");
            }
        }

        @Override
        public void close() {
            stop();
        }
    }
}
