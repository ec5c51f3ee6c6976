package io.mqprobe.api;

import java.time.Duration;
import java.util.Collection;

/** One consumer client. Not thread-safe: one thread polls it. */
public interface MessageConsumer extends AutoCloseable {

    /** Joins the consumer group and subscribes to the topics. */
    void subscribe(Collection<String> topics);

    /** Reads what is available within {@code timeout}, hands each message to the handler; returns the count. */
    int poll(Duration timeout, MessageHandler handler);

    @Override
    void close();
}
