package io.mqprobe.cli;

import io.mqprobe.kafka.embedded.EmbeddedKafkaCluster;
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
        Running running = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("cluster", key -> start(), Running.class);
        // a test class with its own temporary home may have changed the property since
        System.setProperty("mqprobe.home", running.home.toString());
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
        Running running = new Running(home);
        // a killed test JVM must not leave detached brokers behind
        Runtime.getRuntime().addShutdownHook(new Thread(running::stop));
        return running;
    }

    /** Stops the cluster once, at the end of the run or on JVM exit. */
    static final class Running implements ExtensionContext.Store.CloseableResource {
        private final Path home;
        private boolean stopped;

        Running(Path home) {
            this.home = home;
        }

        /** Stops the cluster under this home, whatever the mqprobe.home property says by now. */
        synchronized void stop() {
            if (!stopped) {
                stopped = true;
                EmbeddedKafkaCluster.attach(home.resolve("cluster")).ifPresent(EmbeddedKafkaCluster::close);
            }
        }

        @Override
        public void close() {
            stop();
        }
    }
}
