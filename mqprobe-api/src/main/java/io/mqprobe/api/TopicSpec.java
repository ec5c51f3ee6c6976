package io.mqprobe.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A topic to create.
 *
 * @param name              topic name
 * @param partitions        partition (queue) count, at least 1
 * @param replicationFactor copies of each partition, at least 1; ignored when {@code replicaAssignment} is given
 * @param replicaAssignment explicit placement: element i lists the broker ids holding partition i, leader
 *                          first (e.g. every partition on broker 0 for a one-broker ceiling); empty = let the broker choose
 * @param configs           native topic settings (e.g. {@code min.insync.replicas})
 */
public record TopicSpec(String name, int partitions, int replicationFactor,
                        List<List<Integer>> replicaAssignment, Map<String, String> configs) {

    public TopicSpec {
        Objects.requireNonNull(name, "name");
        if (partitions < 1) {
            throw new UsageException("partitions must be at least 1, got " + partitions);
        }
        if (replicationFactor < 1) {
            throw new UsageException("replication factor must be at least 1, got " + replicationFactor);
        }
        replicaAssignment = replicaAssignment.stream().map(List::copyOf).toList();
        if (!replicaAssignment.isEmpty() && replicaAssignment.size() != partitions) {
            throw new UsageException("replica assignment lists " + replicaAssignment.size()
                    + " partitions but the topic has " + partitions);
        }
        configs = Map.copyOf(configs);
    }

    public static TopicSpec of(String name, int partitions, int replicationFactor) {
        return new TopicSpec(name, partitions, replicationFactor, List.of(), Map.of());
    }

    /** Partitions asked for on a cluster of {@code brokers}: 0 means two per broker. */
    public static int partitionsOn(int asked, int brokers) {
        return asked > 0 ? asked : 2 * brokers;
    }

    /** Replication factor asked for on a cluster of {@code brokers}: 0 means as many as brokers, up to 3. */
    public static int replicationOn(int asked, int brokers) {
        return asked > 0 ? asked : Math.min(3, brokers);
    }

    /** Every partition on one broker, RF 1: that broker's ceiling. */
    public static TopicSpec pinnedTo(String name, int partitions, int brokerId) {
        return new TopicSpec(name, partitions, 1,
                java.util.Collections.nCopies(partitions, List.of(brokerId)), Map.of());
    }

    public TopicSpec withName(String newName) {
        return new TopicSpec(newName, partitions, replicationFactor, replicaAssignment, configs);
    }

    public TopicSpec withConfigs(Map<String, String> topicConfigs) {
        return new TopicSpec(name, partitions, replicationFactor, replicaAssignment, topicConfigs);
    }
}
