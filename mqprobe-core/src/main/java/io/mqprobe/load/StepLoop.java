package io.mqprobe.load;

import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.WindowTotals;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Ticks a {@link LoadMeter} once per second until the load finishes or the run is cancelled; with a
 * {@link PrecisionTarget}, ends the sending as soon as the measured seconds are precise enough.
 */
public final class StepLoop {

    private static final long TICK_NS = 1_000_000_000L;

    private StepLoop() {
    }

    /** A fixed-length load that is sending until it finishes. */
    public static WindowTotals run(LoadMeter meter, long startEpochMs, Duration warmup, BooleanSupplier finished,
                                   RunControl control, Consumer<IntervalRow> onTick) {
        return run(meter, startEpochMs, warmup, finished, () -> !finished.getAsBoolean(), null, null, () -> { }, control, onTick);
    }

    /**
     * @param warmup      ticks ending within this time after the start are warm-up, not measured
     * @param finished    true once the load has nothing more to report
     * @param sending     true while the load is still sending (its seconds are readings of the step's precision)
     * @param precision   when to end the sending early, or {@code null} to let the load run its length
     * @param warm        for a warm-up step, true once it may end: it ends the sending then, or {@code null}
     * @param stopSending ends the sending (the load then drains and finishes)
     * @param onTick      receives every row (progress line, result document)
     * @return the measured window
     */
    public static WindowTotals run(LoadMeter meter, long startEpochMs, Duration warmup, BooleanSupplier finished,
                                   BooleanSupplier sending, PrecisionTarget precision, BooleanSupplier warm, Runnable stopSending,
                                   RunControl control, Consumer<IntervalRow> onTick) {
        boolean stopped = false;
        // ticks run on the monotonic clock, labelled with the step's start on the wall clock plus the monotonic time
        // since: a wall clock stepped during the step (NTP, a resumed VM) neither fires a burst of ticks, nor stops them,
        // nor stretches the window its rates are divided by; the next step starts on the wall clock as it then reads
        long startNs = System.nanoTime() - (System.currentTimeMillis() - startEpochMs) * 1_000_000;
        long warmupEndNs = startNs + warmup.toNanos();
        long nextTickNs = startNs + TICK_NS;
        while (true) {
            boolean done = finished.getAsBoolean();
            while (!done && !control.cancelled() && System.nanoTime() < nextTickNs) {
                control.sleep(Math.min(50, Math.max(1, (nextTickNs - System.nanoTime()) / 1_000_000)));
                done = finished.getAsBoolean();
            }
            long nowNs = System.nanoTime();
            // a tick belongs to the warm-up by when it was due, not by when it ran: the tick due at the warm-up's end
            // runs microseconds after it and is still warm-up. A partial last tick after the load ended counts, so no
            // acknowledged record is dropped; a load that ended inside its warm-up is measured by its last tick
            boolean measured = (done ? nowNs : nextTickNs) > warmupEndNs || (done && !meter.hasMeasured());
            onTick.accept(meter.tick(startEpochMs + (nowNs - startNs) / 1_000_000, measured, sending.getAsBoolean()));
            if (done || control.cancelled()) {
                return meter.window();
            }
            boolean precise = precision != null && measured && nowNs - warmupEndNs >= precision.minMeasure().toNanos()
                    && precision.met(meter.throughputEstimate());
            if (!stopped && (precise || (warm != null && warm.getAsBoolean()))) {
                stopSending.run();
                stopped = true;
            }
            nextTickNs += TICK_NS;
        }
    }
}
