package io.mqprobe.load;

/** Virtual time for pacing tests: parking jumps straight to the deadline. */
final class FakeClock implements NanoClock {

    private volatile long nowNs = 1_000_000_000L;

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
        nowNs = Math.max(nowNs, deadlineNs);
    }

    void advance(long ns) {
        nowNs += ns;
    }
}
