package io.mqprobe.api;

/**
 * A live connection to one message-queue cluster, made by a {@link DriverFactory}.
 * Everything mqprobe does to a cluster goes through this interface, so no core code
 * ever sees a Kafka or RocketMQ type.
 */
public interface Driver extends AutoCloseable {

    /** The short id this driver was found by, e.g. {@code kafka}. */
    String id();

    /** Topic, broker and config administration; shared, do not close. */
    ClusterAdmin admin();

    /** A new, independent producer client (its own connections and buffers). */
    MessageProducer newProducer(ClientSettings settings);

    /** A new, independent consumer client. */
    MessageConsumer newConsumer(ClientSettings settings);

    /**
     * Samplers of the brokers' own statistics that only this driver's protocol can read (RocketMQ's broker
     * runtime info); each call makes new ones, the caller closes them. Empty by default.
     */
    default java.util.List<io.mqprobe.api.monitor.Sampler> brokerSamplers() {
        return java.util.List.of();
    }

    /** What this driver cannot do (see {@link Capability}); empty for a driver that supports everything. */
    default java.util.Set<Capability> unsupported() {
        return java.util.Set.of();
    }

    /** Native producer and topic settings for a durability level on topics with {@code replicationFactor} copies. */
    DurabilitySettings durability(Durability level, int replicationFactor);

    /** Native producer defaults for a kind of run; the user's settings are applied on top. */
    java.util.Map<String, String> producerDefaults(ProducerProfile profile);

    /**
     * Native topic settings that keep one partition replica's files near {@code bytesPerReplica} on disk
     * (for Kafka {@code retention.bytes} and {@code segment.bytes}); empty when the driver cannot cap them.
     */
    default java.util.Map<String, String> replicaSizeLimit(long bytesPerReplica) {
        return java.util.Map.of();
    }

    /**
     * How often the brokers enforce {@link #replicaSizeLimit(long)}, the longest among them; empty when unknown or the
     * driver cannot cap sizes. Between two enforcements a topic grows past its cap by what the load writes meanwhile.
     */
    default java.util.Optional<java.time.Duration> replicaSizeLimitEnforcedEvery() {
        return java.util.Optional.empty();
    }

    /** The broker setting that sets {@link #replicaSizeLimitEnforcedEvery()}, named where it is too slow for the run. */
    default String replicaSizeLimitEnforcementSetting() {
        return "the brokers' retention check";
    }

    @Override
    void close();
}
