package io.mqprobe.rocketmq.embedded;

import io.mqprobe.embedded.ProcessNode;
import io.mqprobe.embedded.Readiness;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.util.List;
import java.util.Map;

/**
 * "Serving" for an embedded RocketMQ cluster: the name server listens, every running broker is registered
 * with it under its own address, and a master has an HA connection from every running slave (without one a
 * sync master answers {@code SLAVE_NOT_AVAILABLE}).
 */
final class RocketMqReadiness implements Readiness.Check {

    private final ProcessNode nameServer;
    private final DefaultMQAdminExt admin;

    RocketMqReadiness(ProcessNode nameServer, DefaultMQAdminExt admin) {
        this.nameServer = nameServer;
        this.admin = admin;
    }

    @Override
    public boolean serving(List<ProcessNode> running) throws InterruptedException {
        if (!Readiness.listening(nameServer.host(), nameServer.port(EmbeddedRocketMqCluster.PORT))) {
            return false;
        }
        List<ProcessNode> brokers = running.stream().filter(n -> n != nameServer && n.alive()).toList();
        if (brokers.isEmpty()) {
            return true;
        }
        try {
            ClusterInfo info = admin.examineBrokerClusterInfo();
            BrokerData group = info.getBrokerAddrTable() == null ? null : info.getBrokerAddrTable().get(RocketMqConfigs.BROKER_NAME);
            if (group == null) {
                return false;
            }
            Map<Long, String> registered = group.getBrokerAddrs();
            for (ProcessNode broker : brokers) {
                String address = broker.host() + ":" + broker.port(EmbeddedRocketMqCluster.PORT);
                if (!address.equals(registered.get((long) EmbeddedRocketMqCluster.rocketMqBrokerId(broker)))) {
                    return false;
                }
            }
            return mastersSeeTheirSlaves(brokers, registered);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception notYet) {
            return false;   // the name server answers only once it has started; brokers register a little later
        }
    }

    private boolean mastersSeeTheirSlaves(List<ProcessNode> brokers, Map<Long, String> registered) throws Exception {
        long slaves = brokers.stream().filter(b -> EmbeddedRocketMqCluster.rocketMqBrokerId(b) > 0).count();
        String master = registered.get(0L);
        boolean masterRunning = brokers.stream().anyMatch(b -> EmbeddedRocketMqCluster.rocketMqBrokerId(b) == 0);
        if (slaves == 0 || master == null || !masterRunning) {
            return true;
        }
        return admin.getBrokerHAStatus(master).getHaConnectionInfo().size() >= slaves;
    }
}
