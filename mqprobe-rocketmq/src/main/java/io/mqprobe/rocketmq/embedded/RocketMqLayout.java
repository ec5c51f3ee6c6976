package io.mqprobe.rocketmq.embedded;

import io.mqprobe.api.UsageException;
import io.mqprobe.embedded.SyncMode;

import java.util.Locale;

/**
 * The shape of an embedded RocketMQ cluster: one broker group ({@code broker-a}) of a master and
 * {@code slaves} slaves, with the group's replication and flush modes, behind one name server.
 *
 * @param slaves      0 (one master, the quick default) or 2 (the field article's one master + two slaves)
 * @param replication how the master answers a send: after its slaves copied it (sync) or at once (async)
 * @param flush       whether a broker answers after the message reached the disk (sync) or the page cache (async)
 */
public record RocketMqLayout(int slaves, SyncMode replication, SyncMode flush) {

    public RocketMqLayout {
        if (slaves < 0 || slaves > 2) {
            throw new UsageException("an embedded RocketMQ broker group has 0 to 2 slaves, got " + slaves);
        }
    }

    /** One master, RocketMQ's defaults: async replication (nothing to replicate to) and async flush. */
    public static RocketMqLayout singleMaster() {
        return new RocketMqLayout(0, SyncMode.ASYNC, SyncMode.ASYNC);
    }

    /** The field article's cluster: one master and two slaves. */
    public static RocketMqLayout masterSlave(SyncMode replication, SyncMode flush) {
        return new RocketMqLayout(2, replication, flush);
    }

    public RocketMqLayout withFlush(SyncMode mode) {
        return new RocketMqLayout(slaves, replication, mode);
    }

    public int brokers() {
        return 1 + slaves;
    }

    /** RocketMQ's {@code brokerRole} of the master. */
    String masterRole() {
        return replication == SyncMode.SYNC && slaves > 0 ? "SYNC_MASTER" : "ASYNC_MASTER";
    }

    String flushDiskType() {
        return flush == SyncMode.SYNC ? "SYNC_FLUSH" : "ASYNC_FLUSH";
    }

    @Override
    public String toString() {
        return slaves == 0 ? "1 master, " + flush.name().toLowerCase(Locale.ROOT) + " flush"
                : "1 master + " + slaves + " slaves, " + replication.name().toLowerCase(Locale.ROOT) + " replication, "
                + flush.name().toLowerCase(Locale.ROOT) + " flush";
    }
}
