package io.mqprobe.cli;

import io.mqprobe.cli.target.EmbeddedClusters;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One embedded RocketMQ cluster (a name server and one master) for every CLI test class that drives
 * {@code --driver rocketmq}, started the way a user would ({@code mqprobe cluster up --driver rocketmq}) under a
 * private mqprobe home, so each command attaches to it. Stopped when the test run ends or the JVM exits.
 */
public final class SharedCliRocketMqCluster implements BeforeAllCallback {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedCliRocketMqCluster.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        Running running = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("cluster", key -> start(), Running.class);
        // another shared cluster's class may have pointed the property at its own home since
        System.setProperty("mqprobe.home", running.home.toString());
    }

    private static Running start() {
        Path home;
        try {
            home = Files.createTempDirectory("mqprobe-rocketmq-cli-test");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.setProperty("mqprobe.home", home.toString());
        CliRun up = CliRun.of("cluster", "up", "--driver", "rocketmq", "--brokers", "1", "--heap", "512MiB");
        if (up.exitCode() != 0) {
            throw new IllegalStateException("cluster up --driver rocketmq failed: " + up.err() + up.out());
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
            if (stopped) {
                return;
            }
            stopped = true;
            String current = System.getProperty("mqprobe.home");
            System.setProperty("mqprobe.home", home.toString());
            try {
                EmbeddedClusters.attach("rocketmq").ifPresent(c -> c.close());
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
