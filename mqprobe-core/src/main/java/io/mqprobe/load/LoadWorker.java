package io.mqprobe.load;

import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.consume.RunningConsumers;

/**
 * Where a step's producers run. The step runner splits a step's producer load into one share per worker
 * ({@link ProducerLoadSpec#shares}) and reads every worker's per-second snapshots, merged exactly
 * ({@link io.mqprobe.stats.SendStats.Snapshot#merge}): a worker on another machine only has to hand back the same
 * snapshots, its histograms travelling in HdrHistogram's compressed encoding ({@link io.mqprobe.stats.HistogramCodec}).
 * {@link InProcessWorker} is the first implementation. A consume-only step's consumers are split over the workers
 * too ({@link #startConsumers}); a step that produces and consumes keeps its consumers with the runner, where the
 * acknowledged sequences meet what was read.
 */
public interface LoadWorker {

    /** A short name for the worker in the run's notes ("in-process", a host and port). */
    String name();

    /** False once the worker is gone and the run goes on without it: later steps split their load over the others. */
    default boolean available() {
        return true;
    }

    /** The name and what the run should know about this worker (its clock's offset, for one elsewhere). */
    default String describe() {
        return name();
    }

    /**
     * Creates this worker's producers for {@code share} and waits until they can send; {@link RunningProducers#begin}
     * starts them.
     *
     * @param runId distinguishes this share's sequence streams from every other share's and every other load's
     */
    RunningProducers startProducers(ProducerLoadSpec share, int runId);

    /** Starts this worker's consumers for {@code share}: its threads of every group, polling at once. */
    RunningConsumers startConsumers(ConsumerLoadSpec share);
}
