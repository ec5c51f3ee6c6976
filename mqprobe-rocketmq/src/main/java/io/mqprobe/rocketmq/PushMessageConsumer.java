package io.mqprobe.rocketmq;

import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageHandler;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.common.message.MessageExt;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A {@link MessageConsumer} over RocketMQ's {@link DefaultMQPushConsumer}, the consumer most applications use:
 * its consume threads ({@code consumeThreadMin}/{@code consumeThreadMax}) hand messages to a bounded queue that
 * {@link #poll} drains. A full queue blocks the consume threads, so the push consumer slows down rather than
 * buffering without bound. The broker commits a batch's offset once it is queued here.
 */
final class PushMessageConsumer implements MessageConsumer {

    private static final int QUEUE_CAPACITY = 8_192;

    private final DefaultMQPushConsumer consumer;
    private final QueueNumbering numbering;
    private final RocketMqErrors errors;
    private final BlockingQueue<MessageExt> received = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    private final List<MessageExt> batch = new ArrayList<>();
    private volatile boolean closing;
    private boolean paused;

    PushMessageConsumer(DefaultMQPushConsumer consumer, QueueNumbering numbering, RocketMqErrors errors) {
        this.consumer = consumer;
        this.numbering = numbering;
        this.errors = errors;
    }

    @Override
    public void subscribe(Collection<String> topics) {
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            for (MessageExt message : messages) {
                try {
                    while (!received.offer(message, 100, TimeUnit.MILLISECONDS)) {
                        if (closing) {
                            return ConsumeConcurrentlyStatus.RECONSUME_LATER;
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return ConsumeConcurrentlyStatus.RECONSUME_LATER;
                }
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
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
        try {
            MessageExt first = received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (first == null) {
                return 0;
            }
            batch.add(first);
            received.drainTo(batch);
            for (MessageExt message : batch) {
                handler.onMessage(numbering.partition(message), message.getBody());
            }
            return batch.size();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } finally {
            batch.clear();
        }
    }

    /** Suspends pulling too, so the bounded queue does not fill with what the pause is meant to leave on the broker. */
    @Override
    public void pause(boolean pause) {
        paused = pause;
        if (pause) {
            consumer.suspend();
        } else {
            consumer.resume();
        }
    }

    @Override
    public void close() {
        closing = true;
        consumer.shutdown();
    }
}
