package io.mqprobe.embedded.isolation;

/**
 * Network namespaces for load workers on the brokers' own network (brokers started with {@code --broker-net}, as
 * root): each worker a host of its own on the wire, reaching the brokers through the same bridge and its coordinator
 * at the bridge's address. What {@link #add} creates, {@link #remove} deletes (the cluster's stale clean-up deletes it
 * too after a crash: the names carry the cluster's scope).
 */
public interface LoadHosts {

    /** The bridge's own address in this host's namespace: where a coordinator listens for workers in the namespaces. */
    String coordinatorAddress();

    /** The brokers' network, as a worker's {@code --allow-targets} range ({@code 10.213.0.0/24}). */
    String cidr();

    /** Creates load host {@code index} (1..): a namespace joined to the bridge; its name and address. */
    LoadHost add(int index);

    /** Deletes load host {@code index}; best effort, never throws. */
    void remove(int index);

    /** @param namespace what {@code ip netns exec} takes; {@code address} the host's address on the brokers' network */
    record LoadHost(String namespace, String address) {
    }
}
