package io.mqprobe.cli;

import io.mqprobe.api.FileTrees;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.run.target.EmbeddedClusters;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One embedded cluster of a driver for every CLI integration test in this JVM that extends with the driver's
 * subclass, started the way a user would ({@code mqprobe cluster up}) under a private mqprobe home, so each
 * command under test attaches to it instead of starting its own. Stopped when the test run ends or the JVM exits.
 */
abstract class SharedClusterUp implements BeforeAllCallback {

    private final String driverId;
    private final List<String> upArgs;

    /** @param upArgs what {@code cluster up} is given besides {@code --driver} */
    SharedClusterUp(String driverId, String... upArgs) {
        this.driverId = driverId;
        this.upArgs = List.of(upArgs);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        Running running = context.getRoot().getStore(ExtensionContext.Namespace.create(getClass()))
                .getOrComputeIfAbsent("cluster", key -> start(), Running.class);
        // a test class with its own temporary home, or another shared cluster's, may have changed the property since
        System.setProperty("mqprobe.home", running.home.toString());
    }

    private Running start() {
        Path home;
        try {
            home = Files.createTempDirectory("mqprobe-cli-test-" + driverId + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.setProperty("mqprobe.home", home.toString());
        List<String> args = new ArrayList<>(List.of("cluster", "up", "--driver", driverId));
        args.addAll(upArgs);
        CliRun up = CliRun.of(args.toArray(String[]::new));
        if (up.exitCode() != 0) {
            throw new IllegalStateException(String.join(" ", args) + " failed: " + up.err() + up.out());
        }
        Running running = new Running(driverId, home);
        // a killed test JVM must not leave detached brokers behind
        Runtime.getRuntime().addShutdownHook(new Thread(running::stop));
        return running;
    }

    /** Stops the cluster once, at the end of the run or on JVM exit. */
    static final class Running implements ExtensionContext.Store.CloseableResource {
        private final String driverId;
        private final Path home;
        private boolean stopped;

        Running(String driverId, Path home) {
            this.driverId = driverId;
            this.home = home;
        }

        /** Stops the cluster under this home, whatever the mqprobe.home property says by now. */
        synchronized void stop() {
            if (stopped) {
                return;
            }
            stopped = true;
            String current = System.getProperty("mqprobe.home");
            System.setProperty("mqprobe.home", home.toString());
            try {
                EmbeddedClusters.attach(driverId).ifPresent(EmbeddedCluster::close);
                FileTrees.delete(home);
            } finally {
                if (current != null) {
                    System.setProperty("mqprobe.home", current);
                }
            }
        }

        @Override
        public void close() {
            stop();
        }
    }
}
