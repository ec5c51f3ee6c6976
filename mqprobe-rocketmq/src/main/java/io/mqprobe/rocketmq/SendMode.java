package io.mqprobe.rocketmq;

import io.mqprobe.api.UsageException;

import java.util.Locale;

/** RocketMQ's three ways to send: wait for the broker's answer, get it in a callback, or not at all. */
enum SendMode {
    /** {@code send(msg)} on the caller's thread; the callback runs there when the broker answered. */
    SYNC,
    /** {@code send(msg, callback)}: the default, like Kafka's producer. */
    ASYNC,
    /** {@code sendOneway(msg)}: no answer; the callback runs once the request is written, with no error. */
    ONEWAY;

    static SendMode parse(String value) {
        if (value == null) {
            return ASYNC;
        }
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT).replace("-", ""));
        } catch (IllegalArgumentException e) {
            throw new UsageException("bad RocketMQ sendMode '" + value + "' (sync, async or oneway)");
        }
    }
}
