package io.mqprobe.rocketmq.embedded;

import io.mqprobe.embedded.SyncMode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The name server's and the brokers' config files of an embedded cluster, as RocketMQ reads them ({@code -c FILE}). */
final class RocketMqConfigs {

    static final String CLUSTER_NAME = "mqprobe";
    static final String BROKER_NAME = "broker-a";

    private RocketMqConfigs() {
    }

    static Map<String, String> nameServer(String host, int port) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("listenPort", Integer.toString(port));
        p.put("bindAddress", host);
        return p;
    }

    /**
     * @param rocketMqBrokerId 0 for the master, 1.. for slaves
     * @param listenPort       the remoting port clients use (the broker also binds {@code listenPort - 2}, its "VIP" channel)
     * @param haPort           the port slaves replicate from
     */
    static Map<String, String> broker(RocketMqLayout layout, int rocketMqBrokerId, String host, String nameServer,
                                      int listenPort, int haPort, Path storeDir) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("brokerClusterName", CLUSTER_NAME);
        p.put("brokerName", BROKER_NAME);
        p.put("brokerId", Integer.toString(rocketMqBrokerId));
        p.put("brokerRole", rocketMqBrokerId == 0 ? layout.masterRole() : "SLAVE");
        p.put("flushDiskType", layout.flushDiskType());
        if (layout.slaves() > 0) {
            // RocketMQ 5 counts the master among the replicas: with the default of 1 a SYNC_MASTER answers
            // without waiting for any slave (measured); 2 = the master and at least one slave, 4.x's meaning
            p.put("totalReplicas", Integer.toString(layout.brokers()));
            p.put("inSyncReplicas", layout.replication() == SyncMode.SYNC ? "2" : "1");
        }
        // registered address: clients must reach the broker on loopback, not on whatever NIC it would guess
        p.put("brokerIP1", host);
        p.put("brokerIP2", host);
        p.put("bindAddress", host);
        p.put("namesrvAddr", nameServer);
        p.put("listenPort", Integer.toString(listenPort));
        p.put("haListenPort", Integer.toString(haPort));
        p.put("storePathRootDir", storeDir.toString());
        p.put("storePathCommitLog", storeDir.resolve("commitlog").toString());
        // mqprobe creates its topics explicitly; a typo in a topic name must fail, not create a topic
        p.put("autoCreateTopicEnable", "false");
        p.put("autoCreateSubscriptionGroup", "true");
        // a shared test box's disk is often fuller than a broker's 75 % default would accept for writes
        p.put("diskMaxUsedSpaceRatio", "95");
        p.put("deleteWhen", "04");
        // the broker refuses ("broker busy") a send that waited 200 ms in its queue; on a small shared box a JIT or GC
        // pause of a neighbour does that at any load, which would measure the box, not the broker
        p.put("waitTimeMillsInSendQueue", "1000");
        return p;
    }
}
