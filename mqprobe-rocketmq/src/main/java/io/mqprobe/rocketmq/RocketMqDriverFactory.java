package io.mqprobe.rocketmq;

import io.mqprobe.api.Driver;
import io.mqprobe.api.DriverFactory;
import io.mqprobe.api.Target;
import io.mqprobe.api.TargetUnreachableException;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.nio.file.Path;

/** The Apache RocketMQ driver ({@code rocketmq}): the official 4.x/5.x remoting client; the target names the name servers. */
public final class RocketMqDriverFactory implements DriverFactory {

    public static final String ID = "rocketmq";

    static {
        // RocketMQ's clients log to ~/logs/rocketmqlogs unless told otherwise; keep them beside mqprobe's own files
        if (System.getProperty("rocketmq.log.root") == null) {
            String home = System.getProperty("mqprobe.home", System.getProperty("java.io.tmpdir"));
            System.setProperty("rocketmq.log.root", Path.of(home, "logs", "rocketmq").toString());
        }
    }

    @Override
    public String id() {
        return ID;
    }

    /** Name servers are written {@code host:port,host:port} like every mqprobe target; RocketMQ separates them with ';'. */
    static String nameServers(Target target) {
        return target.bootstrap().replace(',', ';').replace(" ", "");
    }

    @Override
    public Driver connect(Target target) {
        String nameServers = nameServers(target);
        DefaultMQAdminExt admin = new DefaultMQAdminExt(RocketMqClientConfig.aclHook(target.clientProperties()),
                Math.max(1_000, target.connectTimeout().toMillis()));
        admin.setNamesrvAddr(nameServers);
        admin.setInstanceName(RocketMqClientConfig.uniqueInstanceName("mqprobe-admin"));
        admin.setAdminExtGroup("mqprobe-admin-" + ProcessHandle.current().pid());
        RocketMqErrors errors = new RocketMqErrors(nameServers);
        try {
            RocketMqClientConfig.apply(admin, target.clientProperties());
            errors.call("start the admin client", () -> {
                admin.start();
                return null;
            });
            ClusterInfo info = errors.call("describe the cluster", admin::examineBrokerClusterInfo);
            if (info.getBrokerAddrTable() == null || info.getBrokerAddrTable().isEmpty()) {
                throw new TargetUnreachableException("RocketMQ name server at " + nameServers + " knows no broker");
            }
            return new RocketMqDriver(target, nameServers, admin);
        } catch (TargetUnreachableException e) {
            admin.shutdown();
            throw new TargetUnreachableException("Couldn't connect to RocketMQ name server at " + nameServers + ": "
                    + e.getMessage().replaceFirst("^RocketMQ at \\S+ ", ""), e);
        } catch (RuntimeException e) {
            admin.shutdown();
            throw e;
        }
    }
}
