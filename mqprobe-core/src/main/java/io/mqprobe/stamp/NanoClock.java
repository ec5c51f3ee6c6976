package io.mqprobe.stamp;

/** The engine's only source of time, so tests can drive pacing with a fake clock. */
public interface NanoClock {

    /** Monotonic nanoseconds, like {@link System#nanoTime()}. */
    long nanoTime();

    /** Wall-clock microseconds since the epoch, consistent with {@link #nanoTime()} between steps of the wall clock. */
    long epochMicros();

    /** The wall-clock time of a {@link #nanoTime()} reading, without reading the clock again (hot path). */
    long epochMicrosAt(long nanoTime);

    /** Blocks until {@link #nanoTime()} reaches {@code deadlineNs} (or returns early if interrupted). */
    void parkUntil(long deadlineNs);

    /**
     * {@code base} with its wall clock moved by {@code shiftUs} (monotonic time unchanged): a worker stamping in its
     * coordinator's time, or (in tests) a host whose clock is off.
     */
    static NanoClock shifted(NanoClock base, long shiftUs) {
        if (shiftUs == 0) {
            return base;
        }
        return new NanoClock() {
            @Override
            public long nanoTime() {
                return base.nanoTime();
            }

            @Override
            public long epochMicros() {
                return base.epochMicros() + shiftUs;
            }

            @Override
            public long epochMicrosAt(long nanoTime) {
                return base.epochMicrosAt(nanoTime) + shiftUs;
            }

            @Override
            public void parkUntil(long deadlineNs) {
                base.parkUntil(deadlineNs);
            }
        };
    }

    /** The host's clock: monotonic, its wall time following the wall clock's steps ({@link SystemClock}). */
    NanoClock SYSTEM = new SystemClock(System::nanoTime, System::currentTimeMillis);
}
