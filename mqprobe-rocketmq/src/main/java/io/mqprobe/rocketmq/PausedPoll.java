package io.mqprobe.rocketmq;

import java.time.Duration;

/**
 * A poll while paused hands out nothing: RocketMQ's consumers keep their queues without being polled (the broker
 * holds the group's offsets and the client's heartbeats run on their own), so waiting out the poll's time is enough.
 */
final class PausedPoll {

    private PausedPoll() {
    }

    static int waitOut(Duration timeout) {
        try {
            Thread.sleep(Math.max(1, timeout.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }
}
