package io.mqprobe.load;

/** Cancellation shared by everything one command runs; Ctrl-C or SIGTERM flips it and every loop checks it. */
public final class RunControl {

    private volatile boolean cancelled;

    public void cancel() {
        cancelled = true;
    }

    public boolean cancelled() {
        return cancelled;
    }

    /** Sleeps up to {@code millis}, returning early (true) when cancelled. */
    public boolean sleep(long millis) {
        long endNs = System.nanoTime() + millis * 1_000_000;   // monotonic: a stepped wall clock neither ends nor stretches it
        while (!cancelled) {
            long left = (endNs - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return false;
            }
            try {
                Thread.sleep(Math.min(left, 50));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancelled = true;
            }
        }
        return true;
    }
}
