package io.mqprobe.experiment;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.ReplicaLogSize;
import io.mqprobe.api.TopicSpec;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** An admin of a cluster with nothing in it that accepts every change; tests override what they script. */
class EmptyAdmin implements ClusterAdmin {

    @Override
    public void createTopic(TopicSpec spec) {
    }

    @Override
    public void deleteTopics(Collection<String> names) {
    }

    @Override
    public Set<String> listTopics() {
        return Set.of();
    }

    @Override
    public List<PartitionInfo> describeTopic(String name) {
        return List.of();
    }

    @Override
    public List<BrokerInfo> describeBrokers() {
        return List.of();
    }

    @Override
    public Map<String, String> brokerConfig(int brokerId) {
        return Map.of();
    }

    @Override
    public void alterBrokerConfig(int brokerId, Map<String, String> settings) {
    }

    @Override
    public List<ReplicaLogSize> replicaLogSizes(Collection<String> topics) {
        return List.of();
    }

    @Override
    public long consumerGroupLag(String groupId) {
        return 0;
    }
}
