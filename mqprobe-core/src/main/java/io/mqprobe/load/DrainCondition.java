package io.mqprobe.load;


import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * When a step has nothing more to report. Producers: sending ended and every send completed (and the
 * consumers, if any, caught up with the acknowledged records), or the drain timeout passed since
 * sending ended. Consumers alone: they are done.
 */
final class DrainCondition implements BooleanSupplier {

    private final ProducerFleet producers;
    private final ConsumerFleet consumers;
    private final long drainTimeoutNs;
    private long deadlineNs = Long.MAX_VALUE;

    /** @param producers the step's producers, or {@code null} for a consume-only step; consumers likewise */
    DrainCondition(ProducerFleet producers, ConsumerFleet consumers, Duration drainTimeout) {
        if (producers == null && consumers == null) {
            throw new IllegalArgumentException("a step needs producers or consumers");
        }
        this.producers = producers;
        this.consumers = consumers;
        this.drainTimeoutNs = drainTimeout.toNanos();
    }

    @Override
    public boolean getAsBoolean() {
        if (producers == null) {
            return consumers.done();
        }
        if (!producers.sendingDone()) {
            return false;
        }
        if (deadlineNs == Long.MAX_VALUE) {
            deadlineNs = System.nanoTime() + drainTimeoutNs;
        }
        boolean drained = producers.completed() >= producers.sent()
                && (consumers == null || consumers.caughtUpWith(producers.acked()) || consumers.done());
        return drained || System.nanoTime() > deadlineNs;
    }
}
