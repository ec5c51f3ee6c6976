package io.mqprobe.api;

/**
 * Things a driver may be unable to do because its messaging system has no such concept. A driver lists
 * what it lacks in {@link Driver#unsupported()}; the call then throws {@link UnsupportedOperationException}
 * with a reason, and callers (monitors, the contract test) check the declaration instead of guessing.
 */
public enum Capability {

    /** {@link ClusterAdmin#replicaLogSizes}: on-disk bytes per partition replica (Kafka has them; RocketMQ keeps one commit log per broker). */
    REPLICA_LOG_SIZES,

    /**
     * An acknowledged message is stored once even when the client retried it (Kafka's idempotent producer).
     * Without it delivery is at-least-once (RocketMQ): a duplicate is the system's documented behaviour, not a failure.
     */
    DUPLICATE_FREE_SENDS,

    /**
     * {@link MessageProducer#send(String, byte[], byte[], long, SendCallback)}: a message with a key that chooses its
     * partition (Kafka). RocketMQ's message keys are an index for look-ups, not a routing key.
     */
    KEYED_SENDS
}
