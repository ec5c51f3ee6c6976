package io.mqprobe.api;

/** Completion of one {@link MessageProducer#send}; primitive so the hot path stays allocation-free. */
@FunctionalInterface
public interface SendCallback {

    /**
     * @param token the token given to send
     * @param error {@code null} when the broker acknowledged the message
     */
    void onSendComplete(long token, Throwable error);
}
