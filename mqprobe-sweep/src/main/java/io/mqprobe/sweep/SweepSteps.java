package io.mqprobe.sweep;

import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The steps of one sweep run, as data: the sweep's fixed settings with the run's cell applied (producer and
 * consumer settings, record size, clients, consumer threads, partitions, replication factor).
 */
final class SweepSteps {

    private final SweepSettings settings;

    SweepSteps(SweepSettings settings) {
        this.settings = settings;
    }

    /** Unthrottled (or at {@code --rate}) producers on the run's topic. */
    StepPlan produce(SweepRuns.Run run, int index, int clients) {
        ProducerLoadSpec load = new ProducerLoadSpec(run.topic(), clients, 1, false, recordSize(run),
                settings.rateRecordsPerSecond(), 0, settings.ramp().stepDuration(), settings.payload(), producerProperties(run), false);
        return step(run, index, new StepLoad.Produce(load), settings.ramp().warmup());
    }

    /** Fills the topic as fast as the producers go; not judged, it only gives the consumers something to read. */
    StepPlan backlog(SweepRuns.Run run, int index) {
        ProducerLoadSpec load = new ProducerLoadSpec(run.topic(), settings.clients(), 1, false, recordSize(run), 0,
                settings.backlogRecords(), settings.ramp().stepDuration().multipliedBy(3), settings.payload(),
                settings.producerProperties(), false);
        return step(run, index, new StepLoad.Produce(load), Duration.ZERO);
    }

    /** Reads the backlog from the start, measured from the first fetch: a backlog read is over in seconds. */
    StepPlan consume(SweepRuns.Run run, int index) {
        Map<String, String> props = new LinkedHashMap<>(settings.consumerProperties());
        run.study().factors().stream().filter(f -> f.kind() == SweepFactor.Kind.CONSUMER)
                .forEach(f -> props.put(f.key(), run.cell().values().get(f.key())));
        int threads = intOr(run, SweepFactor.Kind.CONSUMER_THREADS, settings.consumerThreads());
        ConsumerLoadSpec load = new ConsumerLoadSpec(List.of(run.topic()), run.topic() + "-group", threads,
                settings.backlogRecords(), settings.ramp().stepDuration().multipliedBy(3), props);
        return step(run, index, new StepLoad.Consume(load), Duration.ZERO);
    }

    Map<String, String> producerProperties(SweepRuns.Run run) {
        Map<String, String> props = new LinkedHashMap<>(settings.producerProperties());
        run.study().factors().stream().filter(f -> f.kind() == SweepFactor.Kind.PRODUCER)
                .forEach(f -> props.put(f.key(), run.cell().values().get(f.key())));
        return props;
    }

    int recordSize(SweepRuns.Run run) {
        return intOr(run, SweepFactor.Kind.RECORD_SIZE, settings.recordSizeBytes());
    }

    /** The run's value of a numeric factor, or {@code fallback} when its study does not vary it. */
    static int intOr(SweepRuns.Run run, SweepFactor.Kind kind, int fallback) {
        return run.study().factors().stream().filter(f -> f.kind() == kind).findFirst()
                .map(f -> SweepFactor.intValue(kind, run.cell().values().get(f.key()))).orElse(fallback);
    }

    private static StepPlan step(SweepRuns.Run run, int index, StepLoad load, Duration warmup) {
        return StepPlan.of(run.scenario(), index, load, warmup, SweepSettings.STEP_DRAIN);
    }
}
