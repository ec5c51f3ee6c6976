package io.mqprobe.run;

import io.mqprobe.load.RunControl;

import java.time.Duration;
import java.io.PrintWriter;

/**
 * Prints the live view every interval until the duration is over or the run is cancelled. Screens
 * are drawn half an interval after each sampling round, so every round's samples have arrived.
 */
public final class ScreenLoop {

    /** A value missing from two and a half rounds is from a source that stopped answering. */
    private static final double STALE_AFTER_INTERVALS = 2.5;

    private final long intervalMs;
    private final long durationMs;
    private final RunControl control;

    /** @param duration how long to watch, or {@code null} for until Ctrl-C */
    public ScreenLoop(Duration interval, Duration duration, RunControl control) {
        this.intervalMs = interval.toMillis();
        this.durationMs = duration == null ? Long.MAX_VALUE : duration.toMillis();
        this.control = control;
    }

    /** @return the number of screens printed */
    public int run(LiveView view, PrintWriter out) {
        long startMs = System.currentTimeMillis();
        long endMs = durationMs == Long.MAX_VALUE ? Long.MAX_VALUE : startMs + durationMs;
        // the first round only primes the rates: the first screen comes after the second
        long nextScreenMs = startMs + intervalMs + intervalMs / 2;
        int screens = 0;
        while (true) {
            long nowMs = System.currentTimeMillis();
            if (nowMs >= endMs) {
                return screens;
            }
            if (control.sleep(Math.min(nextScreenMs, endMs) - nowMs)) {
                return screens;
            }
            nowMs = System.currentTimeMillis();
            if (nowMs >= nextScreenMs) {
                for (String line : view.render(nowMs, (long) (STALE_AFTER_INTERVALS * intervalMs))) {
                    out.println(line);
                }
                out.println();
                out.flush();
                screens++;
                // skip screens missed while the machine was too busy, rather than printing a burst
                while (nextScreenMs <= nowMs) {
                    nextScreenMs += intervalMs;
                }
            }
        }
    }
}
