package io.mqprobe.rocketmq;

import io.mqprobe.api.Target;
import io.mqprobe.api.UsageException;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.remoting.RPCHook;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/**
 * Applies settings to RocketMQ clients: mqprobe's few defaults first, then the target's settings, then the
 * client's own, so whatever the user passes wins. Native settings are the clients' own bean properties
 * ({@code sendMsgTimeout}, {@code pullBatchSize}, ...), passed through with RocketMQ's own binder.
 */
final class RocketMqClientConfig {

    /** mqprobe's own keys, read by the driver rather than the client. */
    static final String SEND_MODE = "sendMode";
    static final String TAGS = "tags";
    static final String KEYS = "keys";
    static final String CONSUMER_MODE = "consumerMode";
    /** ACL credentials, RocketMQ's own names for them (its tools read the same keys); signed into every request. */
    static final String ACCESS_KEY = "accessKey";
    static final String SECRET_KEY = "secretKey";
    private static final Set<String> DRIVER_KEYS = Set.of(SEND_MODE, TAGS, KEYS, CONSUMER_MODE, ACCESS_KEY, SECRET_KEY);

    /**
     * The producer's batching limits are set by methods that are not bean setters ({@code batchMaxBytes(long)}), so
     * RocketMQ's binder, which only calls {@code setX}, would skip them without a word.
     */
    private static final Map<String, BiConsumer<DefaultMQProducer, String>> PRODUCER_BATCH_LIMITS = Map.of(
            "batchMaxDelayMs", (p, v) -> p.batchMaxDelayMs(Integer.parseInt(v)),
            "batchMaxBytes", (p, v) -> p.batchMaxBytes(Long.parseLong(v)),
            "totalBatchMaxBytes", (p, v) -> p.totalBatchMaxBytes(Long.parseLong(v)));

    /** Every client gets its own instance name, hence its own connections and threads (RocketMQ shares them per name). */
    private static final AtomicLong INSTANCES = new AtomicLong();

    private RocketMqClientConfig() {
    }

    static String uniqueInstanceName(String clientId) {
        return clientId + "-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet();
    }

    /** The target's and the client's settings merged, the client's winning. */
    static Map<String, String> merged(Target target, Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(target.clientProperties());
        all.putAll(settings);
        return all;
    }

    /**
     * The ACL hook that signs every request with {@code accessKey} and {@code secretKey}, or {@code null} without them.
     *
     * @throws UsageException when only one of the two is given (RocketMQ's own tools would then send unsigned requests)
     */
    static RPCHook aclHook(Map<String, String> settings) {
        String accessKey = settings.getOrDefault(ACCESS_KEY, "").trim();
        String secretKey = settings.getOrDefault(SECRET_KEY, "").trim();
        if (accessKey.isEmpty() && secretKey.isEmpty()) {
            return null;
        }
        if (accessKey.isEmpty() || secretKey.isEmpty()) {
            throw new UsageException("RocketMQ ACL needs both " + ACCESS_KEY + " and " + SECRET_KEY + "; only "
                    + (accessKey.isEmpty() ? SECRET_KEY : ACCESS_KEY) + " is set");
        }
        return new AclClientRPCHook(new SessionCredentials(accessKey, secretKey));
    }

    /** Sets every non-mqprobe key on the client; a key the client has no property for is a usage error. */
    static void apply(ClientConfig client, Map<String, String> settings) {
        Properties known = MixAll.object2Properties(client);
        Properties native_ = new Properties();
        settings.forEach((key, value) -> {
            if (DRIVER_KEYS.contains(key)) {
                return;
            }
            BiConsumer<DefaultMQProducer, String> batchLimit = PRODUCER_BATCH_LIMITS.get(key);
            if (batchLimit != null && client instanceof DefaultMQProducer producer) {
                try {
                    batchLimit.accept(producer, value.trim());
                } catch (NumberFormatException e) {
                    throw new UsageException("RocketMQ client setting " + key + " must be a whole number, got '" + value + "'");
                }
                return;
            }
            if (!known.containsKey(key)) {
                throw new UsageException("unknown RocketMQ client setting '" + key + "' for " + client.getClass().getSimpleName());
            }
            native_.setProperty(key, value);
        });
        MixAll.properties2Object(native_, client);
    }
}
