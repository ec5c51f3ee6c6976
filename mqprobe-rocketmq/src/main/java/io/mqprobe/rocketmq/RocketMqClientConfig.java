package io.mqprobe.rocketmq;

import io.mqprobe.api.Target;
import io.mqprobe.api.UsageException;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.common.MixAll;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

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
    private static final Set<String> DRIVER_KEYS = Set.of(SEND_MODE, TAGS, KEYS, CONSUMER_MODE);

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

    /** Sets every non-mqprobe key on the client; a key the client has no property for is a usage error. */
    static void apply(ClientConfig client, Map<String, String> settings) {
        Properties known = MixAll.object2Properties(client);
        Properties native_ = new Properties();
        settings.forEach((key, value) -> {
            if (DRIVER_KEYS.contains(key)) {
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
