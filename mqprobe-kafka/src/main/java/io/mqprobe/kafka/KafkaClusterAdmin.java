package io.mqprobe.kafka;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.BrokerSetting;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.ReplicaLogSize;
import io.mqprobe.api.Target;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterConfigsOptions;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** {@link ClusterAdmin} over Kafka's official {@link Admin} client; every call is bounded in time. */
final class KafkaClusterAdmin implements ClusterAdmin {

    /** How long a new topic may take to have a leader for every partition, or a deleted one to vanish. */
    private static final long TOPIC_SETTLE_MS = 30_000;
    private static final long POLL_MS = 100;

    private final Admin admin;
    private final AdminCalls calls;
    /**
     * Topics this admin created: each request goes to any broker, and one that has not yet applied the creation
     * answers "does not exist" for a while after another showed the topic's leaders.
     */
    private final Set<String> created = java.util.concurrent.ConcurrentHashMap.newKeySet();

    KafkaClusterAdmin(Admin admin, Target target) {
        this.admin = admin;
        this.calls = new AdminCalls(target);
    }

    @Override
    public void createTopic(TopicSpec spec) {
        NewTopic topic = spec.replicaAssignment().isEmpty()
                ? new NewTopic(spec.name(), spec.partitions(), (short) spec.replicationFactor())
                : new NewTopic(spec.name(), assignment(spec.replicaAssignment()));
        topic.configs(spec.configs());
        calls.await(admin.createTopics(List.of(topic)).all(), "create topic '" + spec.name() + "'");
        created.add(spec.name());
        awaitLeaders(spec);
    }

    @Override
    public void deleteTopics(Collection<String> names) {
        if (names.isEmpty()) {
            return;
        }
        created.removeAll(names);
        for (Map.Entry<String, KafkaFuture<Void>> e : admin.deleteTopics(List.copyOf(names)).topicNameValues().entrySet()) {
            try {
                calls.await(e.getValue(), "delete topic '" + e.getKey() + "'");
            } catch (UsageException missing) {
                // deleting a topic that is not there is what the caller wanted anyway
            }
        }
        // deletion is asynchronous in the controller; a caller recreating the name must not race it
        long deadline = System.currentTimeMillis() + TOPIC_SETTLE_MS;
        while (listTopics().stream().anyMatch(names::contains) && System.currentTimeMillis() < deadline) {
            AdminCalls.pause(POLL_MS);
        }
    }

    @Override
    public void electPreferredLeaders() {
        try {
            // null = every partition; those already led by their preferred replica need no election
            calls.await(admin.electLeaders(ElectionType.PREFERRED, null).all(), "elect preferred leaders");
        } catch (RuntimeException notNeededOrBusy) {
            // best effort: the broker's own periodic rebalance gets there later
        }
    }

    @Override
    public Set<String> listTopics() {
        return new TreeSet<>(calls.await(admin.listTopics().names(), "list topics"));
    }

    @Override
    public List<PartitionInfo> describeTopic(String name) {
        Map<String, TopicDescription> found = describe(name);
        return found.get(name).partitions().stream()
                .map(p -> new PartitionInfo(name, p.partition(), p.leader() == null ? -1 : p.leader().id(),
                        ids(p.replicas()), ids(p.isr())))
                .sorted(Comparator.comparingInt(PartitionInfo::partition))
                .toList();
    }

    private Map<String, TopicDescription> describe(String name) {
        long deadline = System.currentTimeMillis() + TOPIC_SETTLE_MS;
        while (true) {
            try {
                return calls.await(admin.describeTopics(List.of(name)).allTopicNames(), "describe topic '" + name + "'");
            } catch (UsageException notSeenYet) {
                boolean unknown = notSeenYet.getCause() instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
                if (!unknown || !created.contains(name) || System.currentTimeMillis() > deadline) {
                    throw notSeenYet;
                }
                AdminCalls.pause(POLL_MS);
            }
        }
    }

    @Override
    public List<BrokerInfo> describeBrokers() {
        return calls.await(admin.describeCluster().nodes(), "describe brokers").stream()
                .map(n -> new BrokerInfo(n.id(), n.host(), n.port(), n.rack()))
                .sorted(Comparator.comparingInt(BrokerInfo::id))
                .toList();
    }

    @Override
    public java.util.OptionalInt controllerId() {
        int leader = calls.await(admin.describeMetadataQuorum().quorumInfo(), "describe the metadata quorum").leaderId();
        return leader >= 0 ? java.util.OptionalInt.of(leader) : java.util.OptionalInt.empty();
    }

    @Override
    public List<io.mqprobe.api.LogDirSpace> logDirSpace() {
        List<Integer> brokers = describeBrokers().stream().map(BrokerInfo::id).toList();
        List<io.mqprobe.api.LogDirSpace> space = new ArrayList<>();
        for (Map.Entry<Integer, KafkaFuture<Map<String, LogDirDescription>>> e : admin.describeLogDirs(brokers).descriptions().entrySet()) {
            try {
                calls.await(e.getValue(), "describe log dirs of broker " + e.getKey()).forEach((path, dir) -> {
                    if (dir.totalBytes().isPresent() && dir.usableBytes().isPresent()) {
                        space.add(new io.mqprobe.api.LogDirSpace(e.getKey(), path, dir.totalBytes().getAsLong(),
                                dir.usableBytes().getAsLong()));
                    }
                });
            } catch (RuntimeException down) {
                // a broker that does not answer has no free space to report; the others still count
            }
        }
        return space;
    }

    @Override
    public Map<String, String> brokerConfig(int brokerId) {
        ConfigResource broker = brokerResource(brokerId);
        Config config = calls.await(admin.describeConfigs(List.of(broker)).all(), "read config of broker " + brokerId).get(broker);
        Map<String, String> values = new TreeMap<>();
        for (ConfigEntry entry : config.entries()) {
            if (entry.value() != null) {   // sensitive settings come back without a value
                values.put(entry.name(), entry.value());
            }
        }
        return values;
    }

    /** Thread-pool sizes move in steps of at most ×2 (as the broker demands), every other setting at once. */
    @Override
    public void alterBrokerConfig(int brokerId, Map<String, String> settings) {
        Map<String, String> direct = new HashMap<>();
        settings.forEach((key, value) -> {
            if (ThreadPoolSteps.applies(key, value)) {
                resizeThreadPool(brokerId, key, value);
            } else {
                direct.put(key, value);
            }
        });
        if (!direct.isEmpty()) {
            calls.await(admin.incrementalAlterConfigs(Map.of(brokerResource(brokerId), setOps(direct))).all(),
                    "change config of broker " + brokerId);
        }
    }

    /** {@code value} null removes the override: the steps lead to the value underneath it first. */
    private void resizeThreadPool(int brokerId, String key, String value) {
        ConfigEntry entry = describe(brokerId, key, true);
        int current = Integer.parseInt(entry.value());
        String under = entry.synonyms().stream().filter(s -> s.source() != ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG)
                .map(ConfigEntry.ConfigSynonym::value).filter(v -> v != null && ThreadPoolSteps.isCount(v)).findFirst().orElse(null);
        int target = Integer.parseInt(value != null ? value : under != null ? under : entry.value());
        List<Integer> path = ThreadPoolSteps.path(current, target);
        for (int i = 0; i < path.size(); i++) {
            boolean last = i == path.size() - 1;
            Map<String, String> step = java.util.Collections.singletonMap(key, last && value == null ? null : path.get(i).toString());
            calls.await(admin.incrementalAlterConfigs(Map.of(brokerResource(brokerId), setOps(step))).all(),
                    "change config of broker " + brokerId);
            awaitValue(brokerId, key, path.get(i));
        }
        if (path.isEmpty() && value == null && entry.source() == ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG) {
            calls.await(admin.incrementalAlterConfigs(Map.of(brokerResource(brokerId),
                    setOps(java.util.Collections.singletonMap(key, null)))).all(), "change config of broker " + brokerId);
        }
    }

    /** The broker checks the next step against the size it runs with, so each step must have landed. */
    private void awaitValue(int brokerId, String key, int expected) {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (Integer.toString(expected).equals(describe(brokerId, key, false).value())) {
                return;
            }
            AdminCalls.pause(100);
        }
        throw new IllegalStateException("broker " + brokerId + " did not take " + key + "=" + expected + " within 15 s");
    }

    private ConfigEntry describe(int brokerId, String key, boolean synonyms) {
        ConfigResource broker = brokerResource(brokerId);
        return calls.await(admin.describeConfigs(List.of(broker), new DescribeConfigsOptions().includeSynonyms(synonyms)).all(),
                "read config of broker " + brokerId).get(broker).get(key);
    }

    @Override
    public BrokerSetting brokerSetting(int brokerId, String key) {
        ConfigResource broker = brokerResource(brokerId);
        Config config = calls.await(admin.describeConfigs(List.of(broker)).all(), "read config of broker " + brokerId).get(broker);
        ConfigEntry entry = config.get(key);
        if (entry == null) {
            return null;
        }
        return new BrokerSetting(entry.value(), entry.source() == ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG,
                entry.isReadOnly());
    }

    /** A thread-pool size is checked as its first step would be (the rest follow from it). */
    @Override
    public void validateBrokerConfig(int brokerId, Map<String, String> settings) {
        Map<String, String> checked = new HashMap<>(settings);
        settings.forEach((key, value) -> {
            if (value != null && ThreadPoolSteps.applies(key, value)) {
                List<Integer> path = ThreadPoolSteps.path(Integer.parseInt(describe(brokerId, key, false).value()),
                        Integer.parseInt(value.trim()));
                checked.put(key, path.isEmpty() ? value : path.get(0).toString());
            }
        });
        calls.await(admin.incrementalAlterConfigs(Map.of(brokerResource(brokerId), setOps(checked)),
                new AlterConfigsOptions().validateOnly(true)).all(), "set " + settings + " on broker " + brokerId);
    }

    private static List<AlterConfigOp> setOps(Map<String, String> settings) {
        List<AlterConfigOp> ops = new ArrayList<>();
        settings.forEach((key, value) -> ops.add(value == null
                ? new AlterConfigOp(new ConfigEntry(key, ""), AlterConfigOp.OpType.DELETE)
                : new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET)));
        return ops;
    }

    /** Brokers that do not answer (killed in a fault test) are left out rather than failing the whole sample. */
    @Override
    public List<ReplicaLogSize> replicaLogSizes(Collection<String> topics) {
        List<Integer> brokers = describeBrokers().stream().map(BrokerInfo::id).toList();
        Map<Integer, KafkaFuture<Map<String, LogDirDescription>>> perBroker = admin.describeLogDirs(brokers).descriptions();
        List<ReplicaLogSize> sizes = new ArrayList<>();
        RuntimeException lastFailure = null;
        for (Map.Entry<Integer, KafkaFuture<Map<String, LogDirDescription>>> e : perBroker.entrySet()) {
            Map<String, LogDirDescription> dirs;
            try {
                dirs = calls.await(e.getValue(), "describe log dirs of broker " + e.getKey());
            } catch (RuntimeException failure) {
                lastFailure = failure;
                continue;
            }
            for (LogDirDescription dir : dirs.values()) {
                dir.replicaInfos().forEach((tp, replica) -> {
                    if (topics.isEmpty() || topics.contains(tp.topic())) {
                        sizes.add(new ReplicaLogSize(e.getKey(), tp.topic(), tp.partition(), replica.size()));
                    }
                });
            }
        }
        if (sizes.isEmpty() && lastFailure != null) {
            throw lastFailure;
        }
        sizes.sort(Comparator.comparingInt(ReplicaLogSize::brokerId).thenComparing(ReplicaLogSize::topic)
                .thenComparingInt(ReplicaLogSize::partition));
        return sizes;
    }

    @Override
    public long consumerGroupLag(String groupId) {
        Map<TopicPartition, OffsetAndMetadata> committed;
        try {
            committed = calls.await(admin.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata(),
                    "read offsets of group '" + groupId + "'");
        } catch (UsageException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return 0;
            }
            throw e;
        }
        Map<TopicPartition, OffsetSpec> latest = committed.entrySet().stream()
                .filter(e -> e.getValue() != null)
                .collect(Collectors.toMap(Map.Entry::getKey, e -> OffsetSpec.latest()));
        if (latest.isEmpty()) {
            return 0;
        }
        var ends = calls.await(admin.listOffsets(latest).all(), "read end offsets for group '" + groupId + "'");
        long lag = 0;
        for (TopicPartition tp : latest.keySet()) {
            lag += Math.max(0, ends.get(tp).offset() - committed.get(tp).offset());
        }
        return lag;
    }

    private void awaitLeaders(TopicSpec spec) {
        long deadline = System.currentTimeMillis() + TOPIC_SETTLE_MS;
        while (true) {
            List<PartitionInfo> partitions;
            try {
                partitions = describeTopic(spec.name());
            } catch (UsageException notYetVisible) {
                partitions = List.of();   // the broker that answered has not seen the new topic yet
            }
            if (partitions.size() == spec.partitions() && partitions.stream().allMatch(p -> p.leader() >= 0)
                    && replicasOpen(spec.name()) >= partitions.stream().mapToInt(p -> p.replicas().size()).sum()) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("topic '" + spec.name() + "' has no leader for every partition after "
                        + TOPIC_SETTLE_MS / 1000 + " s");
            }
            AdminCalls.pause(POLL_MS);
        }
    }

    /**
     * Replicas of the topic whose log a broker has opened. A leader in the metadata comes before its broker opens
     * the log; an idempotent producer that writes in between gets its first batch refused and the next ones
     * accepted, then retries the first one into an OutOfOrderSequence loop that stalls it for many seconds.
     */
    private int replicasOpen(String topic) {
        try {
            return replicaLogSizes(List.of(topic)).size();
        } catch (RuntimeException notAnswering) {
            return 0;
        }
    }

    private static Map<Integer, List<Integer>> assignment(List<List<Integer>> replicaAssignment) {
        Map<Integer, List<Integer>> byPartition = new HashMap<>();
        for (int partition = 0; partition < replicaAssignment.size(); partition++) {
            byPartition.put(partition, replicaAssignment.get(partition));
        }
        return byPartition;
    }

    private static ConfigResource brokerResource(int brokerId) {
        return new ConfigResource(ConfigResource.Type.BROKER, Integer.toString(brokerId));
    }

    private static List<Integer> ids(List<Node> nodes) {
        return nodes.stream().map(Node::id).toList();
    }
}
