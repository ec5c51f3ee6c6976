package io.mqprobe.embedded;

import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.embedded.isolation.LoadHosts;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An embedded cluster as commands see it, whatever system runs inside (Kafka, RocketMQ): where clients
 * connect, its brokers' processes, the faults, and its life (detach to outlive this process, close).
 */
public interface EmbeddedCluster extends FaultableCluster, AutoCloseable {

    /** The system's name for people: {@code Kafka}, {@code RocketMQ}. */
    String system();

    /** What clients are given: Kafka's bootstrap servers, RocketMQ's name server. */
    String bootstrap();

    /** The SSL listeners' address, where the cluster was started with them; empty otherwise. */
    default Optional<String> sslBootstrap() {
        return Optional.empty();
    }

    /** Client settings that reach {@link #sslBootstrap()} (protocol, a password-less trust store); empty without it. */
    default Map<String, String> sslClientSettings() {
        return Map.of();
    }

    /** Every broker, with pid -1 for those that are down; ids are the ones the driver reports. */
    List<LocalBrokerProcess> brokers();

    /** The port a broker serves clients on. */
    int listenerPort(int brokerId);

    Path runDir();

    /** What confines the brokers, in one line ("isolation off" without). */
    String isolation();

    /** Namespaces for load workers on the brokers' network, when the brokers have one ({@code --broker-net}). */
    default Optional<LoadHosts> loadHosts() {
        return Optional.empty();
    }

    /** The rate mqprobe set on each broker's own link (bits per second); empty when brokers share this host's network. */
    default OptionalLong linkBitsPerSecond() {
        return OptionalLong.empty();
    }

    /** Settings its brokers read only at start, when this system's brokers can be restarted with new ones. */
    default Optional<StartupSettings> startupSettings() {
        return Optional.empty();
    }

    /** The last lines of a node's console and server logs. */
    String logTail(int nodeId, int lines);

    boolean anyRunning();

    boolean detached();

    /** Lets the nodes outlive this process; whoever attaches stops them. */
    void detach();

    /** Stops every node and removes the run dir unless asked to keep it. */
    @Override
    void close();
}
