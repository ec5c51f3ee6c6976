package io.mqprobe.embedded.isolation;

import io.mqprobe.api.InstanceSpec;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where a cluster's nodes run: unconfined on loopback ({@link #none()}), or each in its cgroup and
 * network namespace ({@link BrokerIsolation}). The fault operations that need confinement (partition,
 * slow disk) fail with one line on a cluster without it.
 */
public interface Isolation extends AutoCloseable {

    /** The nodes run where mqprobe runs, on 127.0.0.1. */
    static Isolation none() {
        return None.INSTANCE;
    }

    /** The address the node's listeners bind to. */
    default String host(String node) {
        return "127.0.0.1";
    }

    default Placement placement(String node) {
        return Placement.NONE;
    }

    /** Called once the node's JVM was launched in its {@link #placement}, with its pid. */
    default void started(String node, long pid) {
    }

    /**
     * Called once every node of the cluster serves, after its first start: from here on each node runs under its CPU
     * quota. Until then the nodes start on the cores they were given, without one.
     */
    default void serving() {
    }

    /** The size each node is confined to, if any. */
    default Optional<InstanceSpec> spec() {
        return Optional.empty();
    }

    default void partition(String node) {
        throw new IsolationException("a partition needs each broker in its own network namespace: start the cluster "
                + "with --broker-net RATE (as root)");
    }

    default void heal(String node) {
        partition(node);
    }

    default void throttleWrites(String node, long bytesPerSecond) {
        throw new IsolationException("a disk throttle needs the brokers in cgroups: start the cluster with "
                + "--broker-spec or --broker-disk (as root)");
    }

    /** Sets the node's CPU quota to {@code cores} (a limit injected on purpose, e.g. to prove a verdict). */
    default void limitCpu(String node, double cores) {
        throw new IsolationException("a CPU limit needs the brokers in cgroups: start the cluster with --broker-spec (as root)");
    }

    /** Sets the rate of the node's link, both ways, to {@code bitsPerSecond} (its delay, if any, is dropped). */
    default void shapeLink(String node, long bitsPerSecond) {
        throw new IsolationException("a link rate needs the brokers in network namespaces: start the cluster with "
                + "--broker-net RATE (as root)");
    }

    /** Namespaces for load workers beside the nodes', when the nodes have a network of their own. */
    default Optional<LoadHosts> loadHosts() {
        return Optional.empty();
    }

    /** The rate mqprobe set on each node's link, in bits per second; empty when the nodes share this host's network. */
    default OptionalLong linkBitsPerSecond() {
        return OptionalLong.empty();
    }

    /** Entries of the cluster's state file that let another process attach to this isolation. */
    default Map<String, String> settings() {
        return Map.of();
    }

    /** One line for people: what confines the nodes. */
    default String describe() {
        return "isolation off";
    }

    /** Removes what was created; never throws. */
    @Override
    default void close() {
    }

    /** The owner tag in the name of every cgroup, namespace and link mqprobe creates: {@code mqprobe-<pid>}. */
    static String ownerTag(long pid) {
        return "mqprobe-" + pid;
    }

    final class None implements Isolation {
        private static final None INSTANCE = new None();

        private None() {
        }
    }
}
