package io.mqprobe.rocketmq;

import io.mqprobe.api.Capability;
import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Durability;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.ProducerProfile;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.Target;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Sampler;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** A connection to one RocketMQ cluster (its name servers): a shared admin client, new producers and consumers on demand. */
final class RocketMqDriver implements Driver {

    /** Async sends in flight per producer (RocketMQ's {@code backPressureForAsyncSendNum}, 10000 by default). */
    static final int ASYNC_IN_FLIGHT = 512;

    private final Target target;
    private final String nameServers;
    private final DefaultMQAdminExt admin;
    private final RocketMqClusterAdmin clusterAdmin;
    private final RocketMqErrors errors;

    RocketMqDriver(Target target, String nameServers, DefaultMQAdminExt admin) {
        this.target = target;
        this.nameServers = nameServers;
        this.admin = admin;
        this.clusterAdmin = new RocketMqClusterAdmin(admin, nameServers);
        this.errors = new RocketMqErrors(nameServers);
    }

    @Override
    public String id() {
        return RocketMqDriverFactory.ID;
    }

    @Override
    public ClusterAdmin admin() {
        return clusterAdmin;
    }

    @Override
    public MessageProducer newProducer(ClientSettings settings) {
        Map<String, String> all = RocketMqClientConfig.merged(target, settings.properties());
        DefaultMQProducer producer = new DefaultMQProducer("mqprobe-" + settings.clientId(), RocketMqClientConfig.aclHook(all));
        producer.setNamesrvAddr(nameServers);
        producer.setInstanceName(RocketMqClientConfig.uniqueInstanceName(settings.clientId()));
        // async sends block in send() once ASYNC_IN_FLIGHT are in flight, instead of piling up in the client's executor
        // queue; the broker rejects ("broker busy") what waits more than 200 ms in its send queue, so an unbounded
        // window turns a fast sender into errors rather than load
        producer.setEnableBackpressureForAsyncMode(true);
        producer.setBackPressureForAsyncSendNum(ASYNC_IN_FLIGHT);
        RocketMqClientConfig.apply(producer, all);
        SendMode mode = SendMode.parse(all.get(RocketMqClientConfig.SEND_MODE));
        errors.call("start producer " + settings.clientId(), () -> {
            producer.start();
            return null;
        });
        return new RocketMqMessageProducer(producer, mode, all.get(RocketMqClientConfig.TAGS), all.get(RocketMqClientConfig.KEYS));
    }

    /**
     * A lite-pull consumer by default; {@code consumerMode=push} gives the push consumer with its consume threads.
     * A new group starts from the first offset, so a consumer that joins after the first sends still sees them.
     */
    @Override
    public MessageConsumer newConsumer(ClientSettings settings) {
        Map<String, String> all = RocketMqClientConfig.merged(target, settings.properties());
        String group = settings.groupId() != null ? settings.groupId() : "mqprobe-" + settings.clientId();
        String instance = RocketMqClientConfig.uniqueInstanceName(settings.clientId());
        QueueNumbering numbering = new QueueNumbering(clusterAdmin::routeOrNull);
        String mode = all.getOrDefault(RocketMqClientConfig.CONSUMER_MODE, "lite-pull");
        switch (mode) {
            case "lite-pull", "pull" -> {
                DefaultLitePullConsumer consumer = new DefaultLitePullConsumer(group, RocketMqClientConfig.aclHook(all));
                consumer.setNamesrvAddr(nameServers);
                consumer.setInstanceName(instance);
                consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
                RocketMqClientConfig.apply(consumer, all);
                return new LitePullMessageConsumer(consumer, numbering, errors);
            }
            case "push" -> {
                DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(group, RocketMqClientConfig.aclHook(all));
                consumer.setNamesrvAddr(nameServers);
                consumer.setInstanceName(instance);
                consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
                RocketMqClientConfig.apply(consumer, all);
                return new PushMessageConsumer(consumer, numbering, errors);
            }
            default -> throw new UsageException("bad RocketMQ consumerMode '" + mode + "' (lite-pull or push)");
        }
    }

    @Override
    public DurabilitySettings durability(Durability level, int replicationFactor) {
        return RocketMqProducerDefaults.durability(level, replicationFactor);
    }

    @Override
    public Map<String, String> producerDefaults(ProducerProfile profile) {
        return RocketMqProducerDefaults.of(profile);
    }

    /** The brokers' runtime statistics through the shared admin client. */
    @Override
    public List<Sampler> brokerSamplers() {
        return List.of(new BrokerStatsSampler(admin, clusterAdmin));
    }

    /**
     * RocketMQ keeps one commit log per broker, so there are no per-queue replica sizes; and it delivers at least
     * once: a send retried after a timeout, or a queue handed to another consumer, can deliver a message twice.
     */
    @Override
    public Set<Capability> unsupported() {
        return Set.of(Capability.REPLICA_LOG_SIZES, Capability.DUPLICATE_FREE_SENDS, Capability.KEYED_SENDS);
    }

    @Override
    public void close() {
        admin.shutdown();
    }

    @Override
    public String toString() {
        return "RocketMqDriver[" + target + "]";
    }
}
