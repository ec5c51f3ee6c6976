package io.mqprobe.workers;

/** What a run does when a load worker stops answering mid-step ({@code --on-worker-loss}). */
public enum WorkerLoss {
    /** The step fails at once; the run ends with what was measured before. */
    STOP,
    /** The run goes on with the other workers; the lost worker's share is missing from that moment, and said so. */
    CONTINUE
}
