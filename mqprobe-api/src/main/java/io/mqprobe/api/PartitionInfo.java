package io.mqprobe.api;

import java.util.List;

/** Placement and health of one partition; {@code leader} is -1 while it has none. */
public record PartitionInfo(String topic, int partition, int leader, List<Integer> replicas, List<Integer> inSyncReplicas) {

    public PartitionInfo {
        replicas = List.copyOf(replicas);
        inSyncReplicas = List.copyOf(inSyncReplicas);
    }

    public boolean underReplicated() {
        return inSyncReplicas.size() < replicas.size();
    }
}
