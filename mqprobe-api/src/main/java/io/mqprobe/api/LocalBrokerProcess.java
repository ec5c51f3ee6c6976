package io.mqprobe.api;

import java.nio.file.Path;
import java.util.Optional;

/**
 * A broker running as a child process of mqprobe (embedded cluster), so monitors can read its
 * {@code /proc} entries and JMX directly.
 *
 * @param brokerId broker (node) id
 * @param pid      OS process id, or -1 while the broker is down
 * @param jmxPort  JMX RMI port, on {@code host}
 * @param dataDir  the broker's log directory
 * @param host     the address the broker listens on: 127.0.0.1, or its network namespace's address
 * @param spec     the instance size it is confined to (cgroup quota and memory limit), or {@code null} when unconfined
 */
public record LocalBrokerProcess(int brokerId, long pid, int jmxPort, Path dataDir, String host, InstanceSpec spec) {

    public LocalBrokerProcess {
        host = host == null ? "127.0.0.1" : host;
    }

    /** An unconfined broker on loopback. */
    public LocalBrokerProcess(int brokerId, long pid, int jmxPort, Path dataDir) {
        this(brokerId, pid, jmxPort, dataDir, "127.0.0.1", null);
    }

    public boolean running() {
        return pid > 0;
    }

    public Optional<InstanceSpec> instanceSpec() {
        return Optional.ofNullable(spec);
    }
}
