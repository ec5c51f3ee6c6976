package io.mqprobe.omb;

import io.mqprobe.api.UsageException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * OMB's RocketMQ driver file ({@code driver-rocketmq/rocketmq.yaml}, its {@code RocketMQClientConfig}) in mqprobe's
 * terms: each field becomes the client or topic setting OMB's driver would set from it, under the name RocketMQ's
 * client gives it, so mqprobe's {@code rocketmq} driver passes it through like any native setting.
 */
final class RocketMqDriverFile {

    /** OMB's driver class for RocketMQ, run by mqprobe's {@code rocketmq} driver. */
    static final String DRIVER_CLASS = "io.openmessaging.benchmark.driver.rocketmq.RocketMQBenchmarkDriver";
    static final String DRIVER_ID = "rocketmq";
    /** The topic attribute OMB's driver sets for {@code batchCQ: true} (RocketMQ 5's batch consume queue). */
    static final String QUEUE_TYPE_ATTRIBUTE = "+queue.type";

    private RocketMqDriverFile() {
    }

    /** The fields of the file, as OMB names them; absent fields are {@code null}. */
    record Fields(String name, String driverClass, String clusterName, String namesrvAddr, Boolean vipChannelEnabled,
                  Integer maxMessageSize, Integer compressMsgBodyOverHowmuch, Boolean batchCQ, Boolean autoBatch,
                  Long batchMaxBytes, Integer batchMaxDelayMs, Long totalBatchMaxBytes, Boolean enableBackpressure,
                  Integer backpressureConcurrency, String accessKey, String secretKey) {

        /** Without the secrets, which are only ever passed on. */
        @Override
        public String toString() {
            return "Fields[" + name + ", namesrvAddr=" + namesrvAddr + "]";
        }
    }

    static OmbDriverConfig config(Fields f, String origin) {
        List<String> notes = new ArrayList<>();
        Map<String, String> topicConfig = new LinkedHashMap<>();
        if (Boolean.TRUE.equals(f.batchCQ())) {
            topicConfig.put(QUEUE_TYPE_ATTRIBUTE, "BatchCQ");
        }
        // OMB sets the VIP channel on its producer and its consumers alike
        Map<String, String> common = new LinkedHashMap<>();
        put(common, "vipChannelEnabled", f.vipChannelEnabled());
        Map<String, String> producer = new LinkedHashMap<>();
        put(producer, "maxMessageSize", f.maxMessageSize());
        put(producer, "compressMsgBodyOverHowmuch", f.compressMsgBodyOverHowmuch());
        put(producer, "autoBatch", f.autoBatch());
        put(producer, "batchMaxBytes", f.batchMaxBytes());
        put(producer, "batchMaxDelayMs", f.batchMaxDelayMs());
        put(producer, "totalBatchMaxBytes", f.totalBatchMaxBytes());
        put(producer, "enableBackpressureForAsyncMode", f.enableBackpressure());
        put(producer, "backPressureForAsyncSendNum", f.backpressureConcurrency());
        if (f.backpressureConcurrency() == null && !Boolean.FALSE.equals(f.enableBackpressure())) {
            notes.add("backpressureConcurrency not set: mqprobe's RocketMQ producers keep their own bound on async sends in"
                    + " flight (RocketMQ's client alone: none, or 10000 with enableBackpressure)");
        }
        if (f.clusterName() != null && !f.clusterName().isBlank()) {
            notes.add("clusterName " + f.clusterName().trim() + ": mqprobe spreads each topic's queues over every master"
                    + " the name servers know, whatever their cluster (OMB: over the masters of that cluster)");
        }
        return new OmbDriverConfig(f.name() == null || f.name().isBlank() ? "RocketMQ" : f.name(), DRIVER_CLASS, DRIVER_ID,
                // RocketMQ replicates per broker group, not per topic: one broker, one copy, as OMB's driver assumes
                1,
                // OMB's RocketMQ driver has no reset: its topics are always new, as mqprobe's are
                true, topicConfig, common, producer, Map.of(), f.namesrvAddr(), credentials(f, origin), notes);
    }

    private static void put(Map<String, String> settings, String key, Object value) {
        if (value != null) {
            settings.put(key, value.toString());
        }
    }

    /** Both keys or neither: OMB's driver quietly runs without ACL when one is blank, which would measure the wrong thing. */
    private static Map<String, String> credentials(Fields f, String origin) {
        boolean access = f.accessKey() != null && !f.accessKey().isBlank();
        boolean secret = f.secretKey() != null && !f.secretKey().isBlank();
        if (access != secret) {
            throw new UsageException((access ? "accessKey without secretKey" : "secretKey without accessKey") + " in " + origin
                    + ": RocketMQ's ACL needs both; give both or neither");
        }
        return access ? Map.of("accessKey", f.accessKey().trim(), "secretKey", f.secretKey().trim()) : Map.of();
    }
}
