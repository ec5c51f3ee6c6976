package io.mqprobe.embedded;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * How one system (Kafka, RocketMQ, ...) runs as an embedded cluster; found with {@link java.util.ServiceLoader} by
 * the id of the driver that talks to it (see {@link EmbeddedSystems}). A driver module that registers one gets
 * {@code mqprobe cluster up --driver ID} and every command's temporary cluster without a line changed elsewhere.
 */
public interface EmbeddedSystem {

    /** The id of the driver whose clusters this starts, e.g. {@code kafka}. */
    String driverId();

    /** The system's name for people, e.g. in "starting embedded RocketMQ". */
    String name();

    /** What {@code cluster up} calls the address clients start from ({@code bootstrap}, {@code namesrv}). */
    default String addressName() {
        return "bootstrap";
    }

    /** Whether commands confine its brokers by default when the machine allows it (cgroups, namespaces). */
    default boolean isolatedByDefault() {
        return false;
    }

    /** Its brokers in words, as the system counts them ("3 brokers", "1 master + 2 slaves, ..."). */
    String describe(EmbeddedSpec spec);

    /**
     * Starts a cluster and blocks until it serves; one-line notices (isolation off and why) go to {@code notice}.
     *
     * @throws io.mqprobe.api.UsageException for a spec the system cannot build, before anything starts
     */
    EmbeddedCluster start(EmbeddedSpec spec, Consumer<String> notice);

    /** The cluster a detached run left in {@code stateDir}, if any (stopped brokers included). */
    Optional<EmbeddedCluster> attach(Path stateDir);
}
