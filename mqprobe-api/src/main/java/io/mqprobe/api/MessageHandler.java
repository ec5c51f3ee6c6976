package io.mqprobe.api;

/** Receives consumed messages, one call per message, on the polling thread. */
@FunctionalInterface
public interface MessageHandler {

    /**
     * @param partition partition (Kafka) or queue id (RocketMQ) the message came from
     * @param value     message body; valid only during the call
     */
    void onMessage(int partition, byte[] value);
}
