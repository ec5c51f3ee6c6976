package io.mqprobe.rocketmq;

import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.SendCallback;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link MessageProducer} over one {@link DefaultMQProducer}. A send that the broker answers with anything
 * but {@code SEND_OK} (flush or slave timeout, slave not available) is reported as failed: the message was
 * stored on the master but not as durably as the broker was configured to promise.
 */
final class RocketMqMessageProducer implements MessageProducer {

    private static final long FLUSH_POLL_MS = 1;

    private final DefaultMQProducer producer;
    private final SendMode mode;
    private final String tags;
    private final String keys;
    /** Async sends not yet completed, so {@link #flush()} can wait for them (the client has no flush). */
    private final AtomicLong inFlight = new AtomicLong();
    private volatile boolean closed;

    RocketMqMessageProducer(DefaultMQProducer producer, SendMode mode, String tags, String keys) {
        this.producer = producer;
        this.mode = mode;
        this.tags = tags;
        this.keys = keys;
    }

    @Override
    public void send(String topic, byte[] value, long token, SendCallback callback) {
        if (closed) {
            callback.onSendComplete(token, new IllegalStateException("producer is closed"));
            return;
        }
        // The client keeps the body until the request is encoded on its I/O thread (and for retries): copy it.
        Message message = new Message(topic, tags, keys, value.clone());
        try {
            switch (mode) {
                case SYNC -> callback.onSendComplete(token, failureOf(producer.send(message)));
                case ONEWAY -> {
                    producer.sendOneway(message);
                    callback.onSendComplete(token, null);
                }
                case ASYNC -> sendAsync(message, token, callback);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            callback.onSendComplete(token, e);
        } catch (Exception e) {
            callback.onSendComplete(token, e);
        }
    }

    private void sendAsync(Message message, long token, SendCallback callback) throws Exception {
        inFlight.incrementAndGet();
        try {
            producer.send(message, new org.apache.rocketmq.client.producer.SendCallback() {
                @Override
                public void onSuccess(SendResult result) {
                    inFlight.decrementAndGet();
                    callback.onSendComplete(token, failureOf(result));
                }

                @Override
                public void onException(Throwable error) {
                    inFlight.decrementAndGet();
                    callback.onSendComplete(token, error);
                }
            });
        } catch (Exception e) {
            inFlight.decrementAndGet();   // rejected before it was queued: the callback will not run
            throw e;
        }
    }

    private static Throwable failureOf(SendResult result) {
        return result.getSendStatus() == SendStatus.SEND_OK ? null
                : new IllegalStateException("broker answered " + result.getSendStatus() + " for message " + result.getMsgId());
    }

    @Override
    public void flush() {
        // bounded by the client's own send timeout (and retries): every async send completes or fails by then
        long deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(
                (long) producer.getSendMsgTimeout() * (producer.getRetryTimesWhenSendAsyncFailed() + 2) + 5_000);
        while (inFlight.get() > 0 && System.nanoTime() < deadlineNs) {
            try {
                Thread.sleep(FLUSH_POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public void close() {
        if (!closed) {
            flush();
            closed = true;
            producer.shutdown();
        }
    }
}
