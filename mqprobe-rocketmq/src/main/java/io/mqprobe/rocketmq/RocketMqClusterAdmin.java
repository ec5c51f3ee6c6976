package io.mqprobe.rocketmq;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.BrokerSetting;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.PartitionInfo;
import io.mqprobe.api.ReplicaLogSize;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.constant.PermName;
import org.apache.rocketmq.common.topic.TopicValidator;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link ClusterAdmin} over RocketMQ's admin ext (the client behind {@code mqadmin}). A topic's partitions are
 * its queues, numbered across broker groups in group order; replicas of a queue are the members of its broker
 * group (RocketMQ replicates per group, not per topic), the leader is the group's master.
 */
final class RocketMqClusterAdmin implements ClusterAdmin {

    /** How long a new topic may take to show in the name server's route, or a deleted one to vanish from it. */
    private static final long TOPIC_SETTLE_MS = 30_000;
    private static final long POLL_MS = 100;

    private final DefaultMQAdminExt admin;
    private final RocketMqErrors errors;
    private final String nameServers;
    /** Broker settings as they were before mqprobe first changed them: RocketMQ has no "remove override". */
    private final Map<String, String> originalSettings = new ConcurrentHashMap<>();

    RocketMqClusterAdmin(DefaultMQAdminExt admin, String nameServers) {
        this.admin = admin;
        this.nameServers = nameServers;
        this.errors = new RocketMqErrors(nameServers);
    }

    BrokerDirectory directory() {
        return BrokerDirectory.of(errors.call("describe brokers", admin::examineBrokerClusterInfo));
    }

    @Override
    public void createTopic(TopicSpec spec) {
        BrokerDirectory directory = directory();
        Map<BrokerDirectory.Group, Integer> queues = queuesPerGroup(spec, directory);
        for (Map.Entry<BrokerDirectory.Group, Integer> e : queues.entrySet()) {
            BrokerDirectory.Group group = e.getKey();
            int groupSize = group.addressByRocketMqId().size();
            if (spec.replicaAssignment().isEmpty() && spec.replicationFactor() > groupSize) {
                throw new UsageException("cannot create topic '" + spec.name() + "' with " + spec.replicationFactor()
                        + " replicas: RocketMQ replicates per broker group and " + group.name() + " has " + groupSize + " broker(s)");
            }
            TopicConfig config = new TopicConfig(spec.name(), e.getValue(), e.getValue(), PermName.PERM_READ | PermName.PERM_WRITE);
            if (!spec.configs().isEmpty()) {
                config.setAttributes(new TreeMap<>(spec.configs()));
            }
            errors.call("create topic '" + spec.name() + "' on " + group.name(), () -> {
                admin.createAndUpdateTopicConfig(group.masterAddress(), config);
                return null;
            });
        }
        awaitRoute(spec.name(), queues.values().stream().mapToInt(Integer::intValue).sum());
    }

    /** Queues each broker group gets: from the explicit placement's leaders, or spread over the masters. */
    private static Map<BrokerDirectory.Group, Integer> queuesPerGroup(TopicSpec spec, BrokerDirectory directory) {
        Map<BrokerDirectory.Group, Integer> queues = new LinkedHashMap<>();
        if (!spec.replicaAssignment().isEmpty()) {
            for (List<Integer> replicas : spec.replicaAssignment()) {
                int leader = replicas.get(0);
                BrokerDirectory.Group group = directory.groupOf(leader);
                if (group == null || group.masterId() != leader) {
                    throw new UsageException("cannot place a queue of '" + spec.name() + "' on broker " + leader
                            + ": RocketMQ queues live on masters " + directory.groupsWithMaster().stream().map(BrokerDirectory.Group::masterId).toList());
                }
                if (replicas.size() > 1 && !group.memberIds().containsAll(replicas)) {
                    throw new UsageException("cannot place replicas " + replicas + ": RocketMQ replicates within a broker group "
                            + group.memberIds());
                }
                queues.merge(group, 1, Integer::sum);
            }
            return queues;
        }
        List<BrokerDirectory.Group> masters = directory.groupsWithMaster();
        if (masters.isEmpty()) {
            throw new IllegalStateException("no RocketMQ master is registered with " + "the name server");
        }
        for (int i = 0; i < spec.partitions(); i++) {
            queues.merge(masters.get(i % masters.size()), 1, Integer::sum);
        }
        return queues;
    }

    private void awaitRoute(String topic, int expectedQueues) {
        long deadline = System.currentTimeMillis() + TOPIC_SETTLE_MS;
        while (true) {
            TopicRouteData route = routeOrNull(topic);
            if (route != null && route.getQueueDatas().stream().mapToInt(QueueData::getWriteQueueNums).sum() == expectedQueues) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("topic '" + topic + "' did not show " + expectedQueues
                        + " queues in the name server's route after " + TOPIC_SETTLE_MS / 1000 + " s");
            }
            pause(POLL_MS);
        }
    }

    @Override
    public void deleteTopics(Collection<String> names) {
        if (names.isEmpty()) {
            return;
        }
        BrokerDirectory directory = directory();
        Set<String> masters = new HashSet<>();
        directory.groupsWithMaster().forEach(g -> masters.add(g.masterAddress()));
        Set<String> nameServerAddresses = new HashSet<>(List.of(nameServers.split(";")));
        for (String topic : names) {
            if (routeOrNull(topic) == null) {
                continue;   // deleting a topic that is not there is what the caller wanted anyway
            }
            errors.call("delete topic '" + topic + "'", () -> {
                admin.deleteTopicInBroker(masters, topic);
                admin.deleteTopicInNameServer(nameServerAddresses, topic);
                return null;
            });
        }
    }

    /** User topics only: RocketMQ's system, retry and dead-letter topics and the cluster/broker-name topics are left out. */
    @Override
    public Set<String> listTopics() {
        Set<String> all = errors.call("list topics", admin::fetchAllTopicList).getTopicList();
        Set<String> internal = new HashSet<>();
        for (BrokerDirectory.Group g : directory().groups()) {
            internal.add(g.name());
            internal.add(g.cluster());
        }
        Set<String> topics = new TreeSet<>();
        for (String topic : all) {
            if (!TopicValidator.isSystemTopic(topic) && !topic.startsWith("%") && !internal.contains(topic)
                    && !topic.startsWith("rmq_sys_")) {
                topics.add(topic);
            }
        }
        return topics;
    }

    @Override
    public List<PartitionInfo> describeTopic(String name) {
        TopicRouteData route = routeOrNull(name);
        if (route == null) {
            throw new UsageException("cannot describe topic '" + name + "': the topic does not exist");
        }
        return partitions(name, route, directory());
    }

    /** The topic's queues in group order, as mqprobe partitions. */
    static List<PartitionInfo> partitions(String topic, TopicRouteData route, BrokerDirectory directory) {
        List<QueueData> queueData = new ArrayList<>(route.getQueueDatas());
        queueData.sort(Comparator.comparing(QueueData::getBrokerName));
        List<PartitionInfo> partitions = new ArrayList<>();
        for (QueueData q : queueData) {
            BrokerDirectory.Group group = directory.group(q.getBrokerName());
            List<Integer> members = group == null ? List.of() : group.memberIds();
            int leader = group == null ? -1 : group.masterId();
            for (int queue = 0; queue < q.getWriteQueueNums(); queue++) {
                partitions.add(new PartitionInfo(topic, partitions.size(), leader, members, members));
            }
        }
        return partitions;
    }

    TopicRouteData routeOrNull(String topic) {
        try {
            return admin.examineTopicRouteInfo(topic);
        } catch (MQClientException e) {
            if (e.getResponseCode() == ResponseCode.TOPIC_NOT_EXIST) {
                return null;
            }
            throw errors.translate(e, "describe topic '" + topic + "'");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (Exception e) {
            throw errors.translate(e, "describe topic '" + topic + "'");
        }
    }

    @Override
    public List<BrokerInfo> describeBrokers() {
        return directory().brokers();
    }

    @Override
    public Map<String, String> brokerConfig(int brokerId) {
        String address = directory().address(brokerId);
        Properties p = errors.call("read config of broker " + brokerId, () -> admin.getBrokerConfig(address));
        Map<String, String> values = new TreeMap<>();
        p.forEach((k, v) -> values.put(k.toString(), v.toString()));
        return values;
    }

    /**
     * RocketMQ's updateBrokerConfig writes any setting into the broker's live config objects, but a setting read
     * only while the broker starts (a thread pool's size, its queue's capacity, the flush or replication mode, ports
     * and paths) keeps its old effect until a restart: those are reported read-only so that a sweep does not
     * measure a change that did not happen. Every value counts as the broker's own (RocketMQ has no override to
     * remove), so a restore writes the old value back, also when a later run replays the journal.
     */
    @Override
    public BrokerSetting brokerSetting(int brokerId, String key) {
        String value = brokerConfig(brokerId).get(key);
        return value == null ? null : new BrokerSetting(value, true, StartTimeSettings.readAtStart(key));
    }

    /**
     * RocketMQ accepts any key silently, so unknown keys are refused here; a {@code null} value puts back the
     * value the broker had before mqprobe first changed it (RocketMQ has no dynamic override to remove).
     */
    @Override
    public void alterBrokerConfig(int brokerId, Map<String, String> settings) {
        Map<String, String> current = brokerConfig(brokerId);
        Properties update = new Properties();
        settings.forEach((key, value) -> {
            if (!current.containsKey(key)) {
                throw new UsageException("broker " + brokerId + " has no setting '" + key + "'");
            }
            String slot = brokerId + "/" + key;
            if (value == null) {
                String original = originalSettings.remove(slot);
                if (original != null) {
                    update.setProperty(key, original);
                }
            } else {
                originalSettings.putIfAbsent(slot, current.get(key));
                update.setProperty(key, value);
            }
        });
        if (update.isEmpty()) {
            return;
        }
        String address = directory().address(brokerId);
        errors.call("change config of broker " + brokerId, () -> {
            admin.updateBrokerConfig(address, update);
            return null;
        });
    }

    /** RocketMQ keeps all topics in one commit log per broker: there is no per-queue size on disk to report. */
    @Override
    public List<ReplicaLogSize> replicaLogSizes(Collection<String> topics) {
        throw new UnsupportedOperationException("RocketMQ stores every topic in one commit log per broker; "
                + "it has no per-queue log size (the driver declares this capability absent)");
    }

    /** Messages not yet consumed by the group over all its queues; 0 when the group has consumed nothing. */
    @Override
    public long consumerGroupLag(String groupId) {
        try {
            ConsumeStats stats = admin.examineConsumeStats(groupId);
            return Math.max(0, stats.computeTotalDiff());
        } catch (MQClientException e) {
            if (e.getResponseCode() == ResponseCode.TOPIC_NOT_EXIST || e.getResponseCode() == ResponseCode.CONSUMER_NOT_ONLINE) {
                return 0;   // the group's retry topic exists only once it consumed
            }
            throw errors.translate(e, "read offsets of group '" + groupId + "'");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (Exception e) {
            if (e instanceof org.apache.rocketmq.client.exception.MQBrokerException b
                    && (b.getResponseCode() == ResponseCode.CONSUMER_NOT_ONLINE || b.getResponseCode() == ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST)) {
                return 0;
            }
            throw errors.translate(e, "read offsets of group '" + groupId + "'");
        }
    }

    static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
