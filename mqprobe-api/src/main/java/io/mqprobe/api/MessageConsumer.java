package io.mqprobe.api;

import java.time.Duration;
import java.util.Collection;
import java.util.Map;

/** One consumer client. Not thread-safe: one thread polls it. */
public interface MessageConsumer extends AutoCloseable {

    /** Joins the consumer group and subscribes to the topics. */
    void subscribe(Collection<String> topics);

    /** Reads what is available within {@code timeout}, hands each message to the handler; returns the count. */
    int poll(Duration timeout, MessageHandler handler);

    /**
     * Stops (or restarts) fetching while the consumer keeps its place in the group: while paused, {@link #poll}
     * hands out nothing but still keeps the membership alive, so a backlog can build and then drain (OMB's paused
     * consumers). Called on the polling thread.
     */
    void pause(boolean paused);

    /**
     * Stops (or restarts) fetching one partition of the subscribed topic while the others go on: a reader kept behind
     * the writes waits on the partition whose next record is too young, and reads the others meanwhile. Called on the
     * polling thread.
     *
     * @return false when the client cannot pause a partition alone (the caller then waits as a whole)
     */
    default boolean pausePartition(int partition, boolean paused) {
        return false;
    }

    /**
     * For each partition currently assigned, whether this consumer's position has reached its end (nothing
     * left to read); empty when the client cannot tell. Lets a loss check tell "never written" from "not read yet".
     * Called on the polling thread, after the last poll.
     */
    default Map<Integer, Boolean> readToEnd() {
        return Map.of();
    }

    /**
     * For each partition currently assigned, the offset of the oldest record it still holds; empty when the
     * client cannot tell. Above 0, retention or a deletion removed records: a read from the start is then
     * no proof that a missing record was lost.
     */
    default Map<Integer, Long> startOffsets() {
        return Map.of();
    }

    @Override
    void close();
}
