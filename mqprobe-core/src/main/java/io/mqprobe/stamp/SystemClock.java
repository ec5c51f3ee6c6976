package io.mqprobe.stamp;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * The host's clock ({@link NanoClock#SYSTEM}): monotonic time from {@code nanoTime}, and wall time derived from it so a
 * stamp is cheap and never jitters with NTP's slewing, anchored again when the wall clock was stepped (NTP at boot, a
 * resumed VM, an operator's {@code date -s}). A clock that kept its first anchor stamps seconds away from everything
 * that reads the wall clock afresh: the broker's LogAppendTime, the monitors' samples, a worker started after the step.
 */
final class SystemClock implements NanoClock {

    /** A difference this large is a step: far beyond the anchor's own millisecond, far below a one-second tick. */
    static final long STEP_US = 100_000;
    /** How often the derived time is held against the wall clock (once a second costs nothing on the hot path). */
    static final long CHECK_EVERY_NS = 1_000_000_000L;
    /** Reads of the two clocks further apart than this were preempted between them: they say nothing about a step. */
    static final long READ_BOUND_NS = 1_000_000;

    private record Anchor(long baseNs, long baseEpochMicros, long checkedNs) {
        long epochMicrosAt(long nanoTime) {
            return baseEpochMicros + (nanoTime - baseNs) / 1000;
        }
    }

    private final LongSupplier nanos;
    private final LongSupplier wallMillis;
    private volatile Anchor anchor;

    SystemClock(LongSupplier nanos, LongSupplier wallMillis) {
        this.nanos = nanos;
        this.wallMillis = wallMillis;
        long now = nanos.getAsLong();
        this.anchor = new Anchor(now, wallMillis.getAsLong() * 1000, now);
    }

    @Override
    public long nanoTime() {
        return nanos.getAsLong();
    }

    @Override
    public long epochMicros() {
        return epochMicrosAt(nanos.getAsLong());
    }

    @Override
    public long epochMicrosAt(long nanoTime) {
        Anchor current = anchor;
        if (nanoTime - current.checkedNs() >= CHECK_EVERY_NS) {
            current = checked(current);
        }
        return current.epochMicrosAt(nanoTime);
    }

    /** The anchor after holding it against the wall clock: moved to it when it was stepped, else only marked checked. */
    private Anchor checked(Anchor current) {
        long before = nanos.getAsLong();
        long wallUs = wallMillis.getAsLong() * 1000;
        long after = nanos.getAsLong();
        if (after - before > READ_BOUND_NS) {
            return current;
        }
        long now = before + (after - before) / 2;
        Anchor next = Math.abs(wallUs - current.epochMicrosAt(now)) > STEP_US ? new Anchor(now, wallUs, now)
                : new Anchor(current.baseNs(), current.baseEpochMicros(), now);
        // two threads checking at once both write a valid anchor
        anchor = next;
        return next;
    }

    @Override
    public void parkUntil(long deadlineNs) {
        long waitNs;
        while ((waitNs = deadlineNs - nanos.getAsLong()) > 0 && !Thread.currentThread().isInterrupted()) {
            LockSupport.parkNanos(waitNs);
        }
    }
}
