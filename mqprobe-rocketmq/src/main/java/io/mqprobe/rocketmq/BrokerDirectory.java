package io.mqprobe.rocketmq;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.UsageException;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * mqprobe's numeric broker ids over RocketMQ's broker groups. RocketMQ names a group ({@code broker-a}) and
 * numbers its members (0 = master, 1.. = slaves); mqprobe needs one int per broker process, so the id is
 * {@code groupOrdinal * 100 + rocketmqBrokerId + 1}, with groups in name order. One group gives ids 1 (the
 * master), 2, 3: the numbers of the embedded cluster's broker nodes, as with Kafka.
 */
record BrokerDirectory(List<Group> groups) {

    static final int IDS_PER_GROUP = 100;

    /** One broker group: its name, cluster, and member addresses by RocketMQ broker id (0 = master). */
    record Group(int ordinal, String name, String cluster, Map<Long, String> addressByRocketMqId) {

        int id(long rocketMqId) {
            return ordinal * IDS_PER_GROUP + (int) rocketMqId + 1;
        }

        /** mqprobe id of the master, or -1 while the master is not registered (down). */
        int masterId() {
            return addressByRocketMqId.containsKey(0L) ? id(0) : -1;
        }

        String masterAddress() {
            return addressByRocketMqId.get(0L);
        }

        /** Members in RocketMQ id order, master first. */
        List<Integer> memberIds() {
            return addressByRocketMqId.keySet().stream().sorted().map(this::id).toList();
        }
    }

    static BrokerDirectory of(ClusterInfo info) {
        Map<String, BrokerData> byName = new TreeMap<>(info.getBrokerAddrTable() == null ? Map.of() : info.getBrokerAddrTable());
        List<Group> groups = new ArrayList<>();
        int ordinal = 0;
        for (BrokerData data : byName.values()) {
            groups.add(new Group(ordinal++, data.getBrokerName(), data.getCluster(), new TreeMap<>(data.getBrokerAddrs())));
        }
        return new BrokerDirectory(List.copyOf(groups));
    }

    List<BrokerInfo> brokers() {
        List<BrokerInfo> brokers = new ArrayList<>();
        for (Group g : groups) {
            g.addressByRocketMqId().forEach((rocketMqId, address) -> {
                int colon = address.lastIndexOf(':');
                brokers.add(new BrokerInfo(g.id(rocketMqId), address.substring(0, colon),
                        Integer.parseInt(address.substring(colon + 1)), null));
            });
        }
        brokers.sort(Comparator.comparingInt(BrokerInfo::id));
        return brokers;
    }

    /** Address of broker {@code id}; a {@link UsageException} names the known ids otherwise. */
    String address(int id) {
        Group g = groupOf(id);
        String address = g == null ? null : g.addressByRocketMqId().get((long) ((id - 1) % IDS_PER_GROUP));
        if (address == null) {
            throw new UsageException("no RocketMQ broker with id " + id + " (known: " + brokers().stream().map(BrokerInfo::id).toList() + ")");
        }
        return address;
    }

    /** The group broker {@code id} belongs to, or null. */
    Group groupOf(int id) {
        int ordinal = (id - 1) / IDS_PER_GROUP;
        return id >= 1 && ordinal < groups.size() ? groups.get(ordinal) : null;
    }

    Group group(String name) {
        return groups.stream().filter(g -> g.name().equals(name)).findFirst().orElse(null);
    }

    List<Group> groupsWithMaster() {
        return groups.stream().filter(g -> g.masterAddress() != null).toList();
    }
}
