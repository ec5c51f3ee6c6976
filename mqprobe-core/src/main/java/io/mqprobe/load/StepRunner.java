package io.mqprobe.load;

import io.mqprobe.api.Driver;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.consume.ConsumerLoad;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.stats.DeliveryReport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs one load step — producers, optionally consumers on the same topic — ticking once per second,
 * and appends the measured step to the result document. Shared by {@code produce}, {@code e2e} and
 * every step of {@code probe}.
 */
public final class StepRunner {

    private final Driver driver;
    private final ResultDocument document;
    private final ResourceWindow resources;
    private final RunControl control;
    private final Consumer<IntervalRow> onTick;
    private final NanoClock clock;
    private int nextRunId = (int) (System.nanoTime() & 0x7fffffff);

    public StepRunner(Driver driver, ResultDocument document, ResourceWindow resources, RunControl control,
                      Consumer<IntervalRow> onTick, NanoClock clock) {
        this.driver = driver;
        this.document = document;
        this.resources = resources;
        this.control = control;
        this.onTick = onTick;
        this.clock = clock;
    }

    /** What one step measured, and the delivery verdict when consumers ran. */
    public record Outcome(StepResult step, WindowTotals window, DeliveryReport delivery, long unfinishedSends) {
    }

    /**
     * @param consumers    consumers to run alongside, or {@code null}; they start first so nothing is missed
     * @param drainTimeout after sending ends, how long to wait for acknowledgements and consumers to catch up
     */
    public Outcome run(ScenarioResult scenario, int stepIndex, ProducerLoadSpec producers, Duration warmup,
                       ConsumerLoadSpec consumers, Duration drainTimeout) {
        long startedMs = System.currentTimeMillis();
        ConsumerLoad consumerLoad = consumers == null ? null : ConsumerLoad.start(driver, consumers, clock);
        ProducerLoad producerLoad = null;
        try {
            producerLoad = ProducerLoad.start(driver, producers, clock, nextRunId++);
            LoadMeter meter = new LoadMeter(producerLoad.stats(), consumerLoad == null ? null : consumerLoad.stats(),
                    scenario.name, stepIndex, startedMs);
            ProducerLoad load = producerLoad;
            long[] drainDeadlineNs = {Long.MAX_VALUE};
            WindowTotals window = StepLoop.run(meter, startedMs, warmup, () -> {
                if (!load.sendingDone()) {
                    return false;
                }
                if (drainDeadlineNs[0] == Long.MAX_VALUE) {
                    drainDeadlineNs[0] = System.nanoTime() + drainTimeout.toNanos();
                }
                boolean drained = load.stats().completed() >= load.stats().sent()
                        && (consumerLoad == null || consumerLoad.stats().records() >= load.stats().acked()
                        || consumerLoad.done());
                return drained || System.nanoTime() > drainDeadlineNs[0];
            }, control, row -> {
                document.addInterval(row);
                onTick.accept(row);
            });
            long unfinished = producerLoad.finish(Duration.ZERO);
            DeliveryReport delivery = consumerLoad == null ? null
                    : consumerLoad.finish(producers.trackAcks() ? producerLoad.ackedSequences() : null);
            StepResult step = StepResult.of(stepIndex, producers.clients(), producers.targetRecordsPerSecond(), startedMs,
                    warmup.toMillis(), window,
                    consumerLoad == null ? null : StepResult.Consumed.of(window, delivery),
                    withLoadGenerator(resources.summarize(window.fromEpochMs(), window.toEpochMs()), window));
            document.addStep(scenario, step);
            return new Outcome(step, window, delivery, unfinished);
        } finally {
            if (producerLoad != null) {
                producerLoad.close();
            }
            if (consumerLoad != null) {
                consumerLoad.close();
            }
        }
    }

    /** The monitors' resources plus mqprobe's own send delay, which the bottleneck finder reads. */
    private static List<ResourceUsage> withLoadGenerator(List<ResourceUsage> monitored, WindowTotals window) {
        List<ResourceUsage> all = new ArrayList<>(monitored);
        all.addAll(window.loadGeneratorUsage());
        return all;
    }
}
