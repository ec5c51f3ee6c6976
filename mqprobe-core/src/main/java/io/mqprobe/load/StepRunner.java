package io.mqprobe.load;

import io.mqprobe.stamp.NanoClock;
import io.mqprobe.result.IntervalRow;
import io.mqprobe.result.WindowTotals;
import io.mqprobe.api.Driver;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.StepResult;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.DeliveryReport;
import io.mqprobe.stats.SendStats;
import io.mqprobe.api.stats.Estimate;
import io.mqprobe.api.units.HumanUnits;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.BooleanSupplier;
import java.util.function.LongFunction;

/**
 * Runs one load step — producers, consumers, or both on the same topic — ticking once per second,
 * and records the measured step in the result document. The experiment runner calls it for every
 * step of every command; nothing else runs load.
 */
public final class StepRunner {

    /** Source of the producer clients' own figures in a step's resources. */
    public static final String CLIENT_SOURCE = "producers";

    private final Driver driver;
    private final ResultDocument document;
    private final ResourceWindow resources;
    private final RunControl control;
    private final Consumer<IntervalRow> onTick;
    private final NanoClock clock;
    private final IntervalListener intervals;
    private final List<LoadWorker> workers;
    private int nextRunId = (int) (System.nanoTime() & 0x7fffffff);

    public StepRunner(Driver driver, ResultDocument document, ResourceWindow resources, RunControl control,
                      Consumer<IntervalRow> onTick, NanoClock clock) {
        this(driver, document, resources, control, onTick, clock, IntervalListener.NONE);
    }

    /** As above; {@code intervals} sees every tick with its latency histograms (OMB's windows). */
    public StepRunner(Driver driver, ResultDocument document, ResourceWindow resources, RunControl control,
                      Consumer<IntervalRow> onTick, NanoClock clock, IntervalListener intervals) {
        this(driver, document, resources, control, onTick, clock, intervals, List.of(new InProcessWorker(driver, clock)));
    }

    /** As above, each step's producers split over {@code workers} (see {@link LoadWorker}). */
    public StepRunner(Driver driver, ResultDocument document, ResourceWindow resources, RunControl control,
                      Consumer<IntervalRow> onTick, NanoClock clock, IntervalListener intervals, List<LoadWorker> workers) {
        if (workers.isEmpty()) {
            throw new IllegalArgumentException("a step runner needs at least one load worker");
        }
        this.workers = List.copyOf(workers);
        this.intervals = intervals;
        this.driver = driver;
        this.document = document;
        this.resources = resources;
        this.control = control;
        this.onTick = onTick;
        this.clock = clock;
    }

    /**
     * What one step measured.
     *
     * @param delivery         the delivery check when consumers ran, else {@code null}
     * @param unfinishedSends  sends still unacknowledged when the step ended
     * @param unstampedRecords consumed records mqprobe did not write (no latency or sequence checks possible)
     * @param consumerFailures why consumers stopped early, one line each ("KafkaException: ..."; empty when they did not)
     * @param acknowledged     the acknowledged sequences by producer stream when the producers tracked them, else empty
     * @param rows             the step's per-second rows, warm-up and drain included (what a judge reads of its timeline)
     */
    public record Outcome(StepResult step, WindowTotals window, DeliveryReport delivery, long unfinishedSends,
                          long unstampedRecords, List<String> consumerFailures, Map<Long, BitSet> acknowledged,
                          List<IntervalRow> rows) {
        public Outcome {
            consumerFailures = List.copyOf(consumerFailures);
            acknowledged = Map.copyOf(acknowledged);
            rows = List.copyOf(rows);
        }

        /** An outcome without per-second rows. */
        public Outcome(StepResult step, WindowTotals window, DeliveryReport delivery, long unfinishedSends,
                       long unstampedRecords, List<String> consumerFailures, Map<Long, BitSet> acknowledged) {
            this(step, window, delivery, unfinishedSends, unstampedRecords, consumerFailures, acknowledged, List.of());
        }
    }

    private static List<ResourceUsage> clientUsage(java.util.Map<String, Double> metrics) {
        return metrics.entrySet().stream()
                .map(e -> ResourceUsage.withoutCapacity(CLIENT_SOURCE, e.getKey(), e.getValue(), e.getValue())).toList();
    }

    /** A step of fixed length that did not wait for the cluster to settle. */
    public Outcome run(String scenario, int stepIndex, StepLoad load, Duration warmup, Duration drainTimeout) {
        return run(scenario, stepIndex, load, warmup, drainTimeout, null, null, null);
    }

    /**
     * @param scenario     name of the document's scenario the step belongs to
     * @param drainTimeout after sending ends, how long to wait for acknowledgements and consumers to catch up
     * @param precision    ends the sending once the step's throughput interval is narrow enough (the load's own
     *                     length is then the longest), or {@code null} for a step of fixed length
     * @param settle       the wait for a settled cluster before the step, recorded with it, or {@code null}
     * @param warmUntil    a warm-up step: ends the sending once every JVM is warm by it (the load's own length is then
     *                     the longest), or {@code null}
     */
    public Outcome run(String scenario, int stepIndex, StepLoad load, Duration warmup, Duration drainTimeout,
                       PrecisionTarget precision, StepResult.Settle settle, WarmupTarget warmUntil) {
        ConsumerLoadSpec consumerSpec = load.consumerSpec().orElse(null);
        ProducerLoadSpec producerSpec = load.producerSpec().orElse(null);
        // consumers of a step that also produces stay here, where the acknowledged sequences meet what was read;
        // a consume-only step's are split over the workers like producers
        ConsumerFleet consumers = consumerSpec == null ? null : ConsumerFleet.start(producerSpec == null ? workers
                : List.of(new InProcessWorker(driver, clock)), consumerSpec);
        ProducerFleet producers = null;
        try {
            if (consumers != null) {
                consumers.begin();   // before the producers, so nothing is missed
            }
            if (producerSpec != null) {
                producers = ProducerFleet.start(workers, producerSpec, nextRunId);
                nextRunId += workers.size();
            }
            // the step's clock starts when the producers begin: creating and connecting them (seconds for workers
            // elsewhere) is not part of the warm-up or the measurement
            long startedMs = System.currentTimeMillis();
            ConsumerFleet reading = consumers;
            List<LongFunction<SendStats.Snapshot>> sendSnapshots = producers == null ? List.of()
                    : producers.parts().stream().map(p -> (LongFunction<SendStats.Snapshot>) p::snapshot).toList();
            LoadMeter meter = new LoadMeter(sendSnapshots,
                    reading == null ? List.of() : List.of(reading::snapshot), scenario, stepIndex, startedMs, intervals);
            ProducerFleet sending = producers;
            WarmupTarget.Watch watch = warmUntil == null ? null : warmUntil.watch();
            List<IntervalRow> rows = new java.util.concurrent.CopyOnWriteArrayList<>();
            BacklogPhase backlog = load instanceof StepLoad.ProduceAndConsume pc && pc.backlog() != null
                    ? new BacklogPhase(pc.backlog(), startedMs + warmup.toMillis(), consumers::pause, sending::stop) : null;
            WindowTotals window = StepLoop.run(meter, startedMs, warmup, new DrainCondition(producers, consumers, drainTimeout),
                    () -> sending != null ? !sending.sendingDone() : !consumers.done(), precision, warmedUp(startedMs, warmUntil, watch),
                    () -> {
                        if (sending != null) {
                            sending.stop();
                        }
                    }, control, row -> {
                        document.addInterval(row);
                        rows.add(row);
                        onTick.accept(row);
                        if (backlog != null) {
                            backlog.tick(row.epochMs(), sending.acked(), reading.records());
                        }
                    });
            // the clients' windows (about the last 30-60 s) end with the step; read them before the producers close
            Map<String, Double> clientMetrics = producers == null ? Map.of() : producers.clientMetrics();
            long unfinished = producers == null ? 0 : producers.finish(Duration.ZERO);
            Map<Long, BitSet> acknowledged = producerSpec != null && producerSpec.trackAcks() ? producers.ackedSequences() : null;
            ConsumerFleet.Finished read = consumers == null ? null : consumers.finish(acknowledged);
            DeliveryReport delivery = read == null ? null : read.delivery();
            int clients = producerSpec != null ? producerSpec.clients() : consumerSpec.threads();
            double targetRate = producerSpec != null ? producerSpec.targetRecordsPerSecond() : 0;
            List<ResourceUsage> measuredResources = resources.summarize(window.fromEpochMs(), window.toEpochMs());
            StepResult step = StepResult.of(stepIndex, clients, targetRate, startedMs, warmup.toMillis(), window,
                    consumers == null ? null : StepResult.Consumed.of(window, delivery, consumers.clockAhead(),
                            backlog == null ? null : backlog.outcome()),
                    withLoadGenerator(measuredResources, window, clientUsage(clientMetrics), workerUsage(producers, consumers, window)),
                    clientMetrics, unstable(precision, window), settle,
                    compiling(watch, measuredResources, window.toEpochMs()).orElse(null));
            document.recordStep(scenario, step);
            return new Outcome(step, window, delivery, unfinished, consumers == null ? 0 : consumers.unstamped(),
                    read == null ? List.of() : read.failures(), acknowledged == null ? Map.of() : acknowledged, rows);
        } finally {
            if (producers != null) {
                producers.close();
            }
            if (consumers != null) {
                consumers.close();
            }
        }
    }

    /**
     * The load workers' own figures: their producers', else their consumers' (a step whose producers run on workers
     * keeps its consumers here, so one process never reports twice).
     */
    private static List<ResourceUsage> workerUsage(ProducerFleet producers, ConsumerFleet consumers, WindowTotals window) {
        if (producers != null) {
            return producers.usage(window.fromEpochMs(), window.toEpochMs());
        }
        return consumers == null ? List.of() : consumers.usage(window.fromEpochMs(), window.toEpochMs());
    }

    /** True once a warm-up step has run its shortest and every JVM has been warm ({@link WarmupTarget.Watch}). */
    private BooleanSupplier warmedUp(long startedMs, WarmupTarget target, WarmupTarget.Watch watch) {
        if (watch == null) {
            return null;
        }
        return () -> {
            long now = System.currentTimeMillis();
            return now - startedMs >= target.shortest().toMillis() && watch.warm(lastSeconds(now));
        };
    }

    private List<ResourceUsage> lastSeconds(long nowMs) {
        return resources.summarize(nowMs - WarmupTarget.WINDOW.toMillis(), nowMs);
    }

    /**
     * A warm-up step's flag: the JVM never warm over it, by its last seconds; a measured step's: the JVM compiling above
     * a warm JVM's rate over the step.
     */
    private Optional<String> compiling(WarmupTarget.Watch watch, List<ResourceUsage> measured, long endMs) {
        return watch != null ? watch.stillCold(lastSeconds(endMs)) : WarmupTarget.DEFAULT.compiling(measured);
    }

    /** Why the step's interval is wider than its target after its longest measurement, or {@code null}. */
    private static String unstable(PrecisionTarget precision, WindowTotals window) {
        if (precision == null || precision.met(window.throughput())) {
            return null;
        }
        Estimate t = window.throughput();
        String width = t.halfWidth() == null ? "unknown (" + HumanUnits.counted(t.readings(), "reading") + ")"
                : "±" + HumanUnits.pct(t.halfWidthPct()) + " over " + HumanUnits.counted(t.readings(), "reading");
        return "throughput interval " + width + ", wider than the ±" + HumanUnits.pct(precision.halfWidthPct()) + " asked";
    }

    /** The monitors' usage over the last {@code millis} (what a settling wait judges broker CPU by). */
    public List<ResourceUsage> recentResources(long millis) {
        long now = System.currentTimeMillis();
        return resources.summarize(now - millis, now);
    }

    /**
     * The monitors' resources plus mqprobe's own send delay, which the bottleneck finder reads, the producer
     * clients' own latency figures, which the latency breakdown reads, and each load worker's own CPU, rate, send delay
     * and failures, which the bottleneck finder judges like mqprobe's own.
     */
    private static List<ResourceUsage> withLoadGenerator(List<ResourceUsage> monitored, WindowTotals window,
                                                         List<ResourceUsage> clientFigures, List<ResourceUsage> workerFigures) {
        List<ResourceUsage> all = new ArrayList<>(monitored);
        all.addAll(window.loadGeneratorUsage());
        all.addAll(clientFigures);
        all.addAll(workerFigures);
        return all;
    }
}
