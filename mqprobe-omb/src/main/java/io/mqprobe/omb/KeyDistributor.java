package io.mqprobe.omb;

/** OMB's {@code keyDistributor}: which key each message carries (keys choose the partition). */
public enum KeyDistributor {
    /** No key: the client spreads messages itself (Kafka's sticky partitioner). */
    NO_KEY,
    /** Keys cycle over a fixed set, one message each. */
    KEY_ROUND_ROBIN,
    /** A random key per message. */
    RANDOM_NANO
}
