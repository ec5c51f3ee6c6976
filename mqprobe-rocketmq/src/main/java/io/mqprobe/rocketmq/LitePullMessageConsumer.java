package io.mqprobe.rocketmq;

import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageHandler;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.common.message.MessageExt;

import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * A {@link MessageConsumer} over RocketMQ's {@link DefaultLitePullConsumer} (the poll-style consumer, closest to
 * mqprobe's poll loop). Offsets are committed automatically and once more on close, so group lag reflects
 * what was polled.
 */
final class LitePullMessageConsumer implements MessageConsumer {

    private final DefaultLitePullConsumer consumer;
    private final QueueNumbering numbering;
    private final RocketMqErrors errors;
    private boolean paused;

    LitePullMessageConsumer(DefaultLitePullConsumer consumer, QueueNumbering numbering, RocketMqErrors errors) {
        this.consumer = consumer;
        this.numbering = numbering;
        this.errors = errors;
    }

    @Override
    public void subscribe(Collection<String> topics) {
        errors.call("subscribe to " + topics, () -> {
            for (String topic : topics) {
                consumer.subscribe(topic, "*");
            }
            consumer.start();
            return null;
        });
    }

    @Override
    public int poll(Duration timeout, MessageHandler handler) {
        if (paused) {
            return PausedPoll.waitOut(timeout);
        }
        List<MessageExt> messages = consumer.poll(Math.max(1, timeout.toMillis()));
        for (MessageExt message : messages) {
            handler.onMessage(numbering.partition(message), message.getBody());
        }
        return messages.size();
    }

    /** The client's own buffer stops pulling when full (pullThresholdForQueue): not polling is pausing. */
    @Override
    public void pause(boolean pause) {
        paused = pause;
    }

    @Override
    public void close() {
        if (consumer.isRunning()) {
            consumer.commitSync();
        }
        consumer.shutdown();
    }
}
