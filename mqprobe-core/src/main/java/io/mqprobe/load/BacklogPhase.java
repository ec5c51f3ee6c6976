package io.mqprobe.load;

import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.result.StepResult;

import java.util.function.Consumer;

/**
 * Drives a step's {@link BacklogSpec} one tick at a time: pauses the consumers when the warm-up ends, resumes them once
 * the backlog is built, notes when it is drained, and ends the sending once the step measured its time after the drain
 * (or when building and draining outlast their bound). The backlog is what the cluster acknowledged and some
 * subscription has not yet read: acknowledged × subscriptions − consumed.
 */
public final class BacklogPhase {

    private enum Stage { WARMING, BUILDING, DRAINING, MEASURING, DONE }

    private final BacklogSpec spec;
    private final long warmupEndMs;
    private final Consumer<Boolean> pauseConsumers;
    private final Runnable stopSending;
    private Stage stage = Stage.WARMING;
    private long pausedAtMs;
    private long resumedAtMs;
    private long drainedAtMs;
    private long peakRecords;
    private String unfinished;

    /**
     * @param pauseConsumers pauses ({@code true}) or resumes the step's consumers
     * @param stopSending    ends the producers' sending (the step then drains and ends)
     */
    public BacklogPhase(BacklogSpec spec, long warmupEndMs, Consumer<Boolean> pauseConsumers, Runnable stopSending) {
        this.spec = spec;
        this.warmupEndMs = warmupEndMs;
        this.pauseConsumers = pauseConsumers;
        this.stopSending = stopSending;
    }

    /** One tick at {@code nowMs}, with the records acknowledged and consumed (by every group together) so far. */
    public void tick(long nowMs, long acknowledged, long consumed) {
        long backlog = Math.max(0, acknowledged * spec.subscriptions() - consumed);
        if (stage != Stage.WARMING) {
            peakRecords = Math.max(peakRecords, backlog);
        }
        switch (stage) {
            case WARMING -> {
                if (nowMs >= warmupEndMs) {
                    pauseConsumers.accept(true);
                    pausedAtMs = nowMs;
                    stage = Stage.BUILDING;
                }
            }
            case BUILDING -> {
                if (backlog * spec.recordSizeBytes() >= spec.targetBytes()) {
                    pauseConsumers.accept(false);
                    resumedAtMs = nowMs;
                    stage = Stage.DRAINING;
                } else if (outlasted(nowMs)) {
                    pauseConsumers.accept(false);
                    giveUp("the backlog grew to " + ByteSize.format(backlog * spec.recordSizeBytes()) + " of the "
                            + ByteSize.format(spec.targetBytes()) + " asked");
                }
            }
            case DRAINING -> {
                if (backlog <= spec.drainedRecords()) {
                    drainedAtMs = nowMs;
                    stage = Stage.MEASURING;
                } else if (outlasted(nowMs)) {
                    giveUp(String.format(java.util.Locale.ROOT, "the consumers drained it to %,d records, not to %,d",
                            backlog, spec.drainedRecords()));
                }
            }
            case MEASURING -> {
                if (nowMs - drainedAtMs >= spec.afterDrain().toMillis()) {
                    stopSending.run();
                    stage = Stage.DONE;
                }
            }
            case DONE -> {
            }
        }
    }

    private boolean outlasted(long nowMs) {
        return nowMs - pausedAtMs >= spec.bound().toMillis();
    }

    private void giveUp(String howFar) {
        unfinished = howFar + " within " + HumanUnits.durationMs((double) spec.bound().toMillis()) + " of building and draining";
        stopSending.run();
        stage = Stage.DONE;
    }

    /** What the step did with its backlog, for the result. */
    public StepResult.Backlog outcome() {
        String endedEarly = switch (stage) {
            case WARMING, BUILDING -> "the step ended before the backlog was built";
            case DRAINING -> "the step ended before the backlog was drained";
            case MEASURING, DONE -> null;
        };
        return new StepResult.Backlog(spec.targetBytes(), peakRecords,
                resumedAtMs > 0 ? resumedAtMs - pausedAtMs : null,
                drainedAtMs > 0 ? drainedAtMs - resumedAtMs : null,
                unfinished != null ? unfinished : endedEarly);
    }
}
