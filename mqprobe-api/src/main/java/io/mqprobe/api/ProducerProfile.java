package io.mqprobe.api;

/** Why producers run, so a driver can supply native defaults that fit (the user's settings still win). */
public enum ProducerProfile {

    /** Capacity probing: cheap per record (big batches), short own queues, so the client is not the bottleneck. */
    CAPACITY,
    /** Delivery checking ({@code e2e}): every acknowledged record durable and written once per partition. */
    DELIVERY_CHECK,
    /** Plain load ({@code produce}): the client's own defaults, as the user's application would have them. */
    PLAIN
}
