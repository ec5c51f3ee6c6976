package io.mqprobe.load;

import io.mqprobe.stamp.NanoClock;
/** Virtual time for pacing tests: parking jumps straight to the deadline. */
final class FakeClock implements NanoClock {

    private volatile long nowNs = 1_000_000_000L;
    private int parks;

    @Override
    public long nanoTime() {
        return nowNs;
    }

    @Override
    public long epochMicros() {
        return nowNs / 1000;
    }

    @Override
    public long epochMicrosAt(long nanoTime) {
        return nanoTime / 1000;
    }

    @Override
    public void parkUntil(long deadlineNs) {
        parks++;
        nowNs = Math.max(nowNs, deadlineNs);
    }

    /** How often a thread parked: each park is a wake-up the real clock pays for. */
    int parks() {
        return parks;
    }

    void advance(long ns) {
        nowNs += ns;
    }
}
