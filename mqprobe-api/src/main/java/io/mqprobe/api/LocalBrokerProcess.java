package io.mqprobe.api;

import java.nio.file.Path;

/**
 * A broker running as a child process of mqprobe (embedded cluster), so monitors can read its
 * {@code /proc} entries and JMX directly.
 *
 * @param brokerId broker (node) id
 * @param pid      OS process id, or -1 while the broker is down
 * @param jmxPort  loopback JMX RMI port
 * @param dataDir  the broker's log directory
 */
public record LocalBrokerProcess(int brokerId, long pid, int jmxPort, Path dataDir) {

    public boolean running() {
        return pid > 0;
    }
}
