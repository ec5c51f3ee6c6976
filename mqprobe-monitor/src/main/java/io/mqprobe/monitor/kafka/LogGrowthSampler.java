package io.mqprobe.monitor.kafka;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.ReplicaLogSize;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.api.monitor.Sources;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Per-broker write rates from the growth of every replica's log size, split into leader writes
 * (business traffic the broker accepts) and follower writes (replication it receives), through the
 * Kafka protocol alone. Followers' traffic is invisible in leader-side metrics; this shows it on any
 * cluster without JMX. Also reports the bytes each broker's replicas hold, and the cluster's under-replicated
 * partitions (source {@code cluster}).
 */
public final class LogGrowthSampler implements Sampler {

    private final ClusterAdmin admin;
    private final Collection<String> topics;
    private final Map<ReplicaKey, Long> previousSizes = new HashMap<>();
    private long previousEpochMs = -1;

    private record ReplicaKey(int brokerId, String topic, int partition) {
    }

    private record PartitionKey(String topic, int partition) {
    }

    /**
     * @param topics the topics to watch, read again on every round (a thread-safe collection may grow
     *               while load runs); empty = every topic of the cluster
     */
    public LogGrowthSampler(ClusterAdmin admin, Collection<String> topics) {
        this.admin = admin;
        this.topics = topics;
    }

    @Override
    public String name() {
        return "kafka log sizes";
    }

    @Override
    public List<ResourceSample> sample(long epochMs) {
        List<String> watched = List.copyOf(topics);
        List<ReplicaLogSize> sizes = admin.replicaLogSizes(watched);
        Set<String> described = new LinkedHashSet<>(watched);
        if (described.isEmpty()) {
            sizes.forEach(s -> described.add(s.topic()));
        }
        Map<PartitionKey, Integer> leaders = new HashMap<>();
        int underReplicated = 0;
        for (String topic : described) {
            for (PartitionInfo p : describeOrEmpty(topic)) {
                leaders.put(new PartitionKey(p.topic(), p.partition()), p.leader());
                if (p.underReplicated()) {
                    underReplicated++;
                }
            }
        }
        Map<Integer, long[]> growthByBroker = new TreeMap<>();
        for (BrokerInfo broker : admin.describeBrokers()) {
            growthByBroker.put(broker.id(), new long[2]);
        }
        Map<ReplicaKey, Long> currentSizes = new HashMap<>();
        // brokers that reported replicas only: the admin leaves out a broker whose log dirs did not answer, and a 0 for it
        // would read as emptied logs (so a broker that holds none of the watched topics says nothing either)
        Map<Integer, Long> heldByBroker = new TreeMap<>();
        for (ReplicaLogSize s : sizes) {
            ReplicaKey key = new ReplicaKey(s.brokerId(), s.topic(), s.partition());
            currentSizes.put(key, s.sizeBytes());
            heldByBroker.merge(s.brokerId(), s.sizeBytes(), Long::sum);
            Long before = previousSizes.get(key);
            // a shrinking log was truncated or had old segments deleted: that is not negative traffic
            long grown = before == null ? 0 : Math.max(0, s.sizeBytes() - before);
            boolean leader = leaders.getOrDefault(new PartitionKey(s.topic(), s.partition()), -1) == s.brokerId();
            growthByBroker.computeIfAbsent(s.brokerId(), id -> new long[2])[leader ? 0 : 1] += grown;
        }
        List<ResourceSample> out = new ArrayList<>();
        out.add(ResourceSample.of(epochMs, Sources.CLUSTER, Metric.UNDER_REPLICATED, underReplicated));
        heldByBroker.forEach((id, bytes) -> out.add(ResourceSample.of(epochMs, Sources.broker(id), Metric.LOG_SIZE_BYTES, bytes)));
        if (previousEpochMs > 0 && epochMs > previousEpochMs) {
            double seconds = (epochMs - previousEpochMs) / 1000.0;
            growthByBroker.forEach((id, growth) -> {
                out.add(ResourceSample.of(epochMs, Sources.broker(id), Metric.LEADER_WRITE_BPS, growth[0] / seconds));
                out.add(ResourceSample.of(epochMs, Sources.broker(id), Metric.FOLLOWER_WRITE_BPS, growth[1] / seconds));
            });
        }
        previousSizes.clear();
        previousSizes.putAll(currentSizes);
        previousEpochMs = epochMs;
        return out;
    }

    private List<PartitionInfo> describeOrEmpty(String topic) {
        try {
            return admin.describeTopic(topic);
        } catch (UsageException e) {
            // deleted between listing and describing: it has no leaders to attribute
            return List.of();
        }
    }
}
