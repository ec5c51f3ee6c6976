package io.mqprobe.api;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Cluster administration through the driver's own protocol (no extra ports). */
public interface ClusterAdmin {

    /** Creates the topic and waits until every partition has a leader. */
    void createTopic(TopicSpec spec);

    /** Deletes the topics; missing ones are ignored. */
    void deleteTopics(Collection<String> names);

    Set<String> listTopics();

    /** @throws UsageException when the topic does not exist */
    List<PartitionInfo> describeTopic(String name);

    List<BrokerInfo> describeBrokers();

    /** Current values of the broker's dynamic and static settings. */
    Map<String, String> brokerConfig(int brokerId);

    /**
     * Incrementally sets broker settings; a {@code null} value removes the dynamic override
     * (restoring the static value). Callers that change a cluster they did not start must restore it.
     */
    void alterBrokerConfig(int brokerId, Map<String, String> settings);

    /**
     * One broker setting with where its value comes from, or {@code null} when the broker does not know the key.
     * Drivers that cannot tell the source report every value as static (a sweep then refuses to change it).
     */
    default BrokerSetting brokerSetting(int brokerId, String key) {
        String value = brokerConfig(brokerId).get(key);
        return value == null ? null : new BrokerSetting(value, false, true);
    }

    /**
     * Asks the broker whether it would accept these settings without changing anything (a dry run).
     *
     * @throws UsageException naming the setting the broker rejects
     */
    default void validateBrokerConfig(int brokerId, Map<String, String> settings) {
    }

    /**
     * Moves every partition's leadership back to its preferred replica (after a broker restart left its
     * partitions led elsewhere); best effort, a no-op for clusters that have no such notion.
     */
    default void electPreferredLeaders() {
    }

    /** On-disk size of every replica of the given topics (all topics when empty) on every broker. */
    List<ReplicaLogSize> replicaLogSizes(Collection<String> topics);

    /**
     * The broker that acts as the cluster's controller now (for Kafka in KRaft mode the leader of the
     * metadata quorum); empty when the cluster does not say.
     */
    default java.util.OptionalInt controllerId() {
        return java.util.OptionalInt.empty();
    }

    /** Size and free space of every log directory of every answering broker; empty when the cluster does not say. */
    default List<LogDirSpace> logDirSpace() {
        return List.of();
    }

    /** Total lag of a consumer group over all its partitions; 0 when the group has committed nothing. */
    long consumerGroupLag(String groupId);
}
