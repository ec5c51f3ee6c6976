package io.mqprobe.load;

import io.mqprobe.stamp.NanoClock;
import io.mqprobe.consume.ConsumerLoad;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.consume.RunningConsumers;

import io.mqprobe.api.Driver;

/** Producers in this JVM, on the runner's driver and clock: the load generator of every run until workers join. */
public final class InProcessWorker implements LoadWorker {

    private final Driver driver;
    private final NanoClock clock;

    public InProcessWorker(Driver driver, NanoClock clock) {
        this.driver = driver;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "in-process";
    }

    @Override
    public RunningProducers startProducers(ProducerLoadSpec share, int runId) {
        return ProducerLoad.prepare(driver, share, clock, runId);
    }

    @Override
    public RunningConsumers startConsumers(ConsumerLoadSpec share) {
        return ConsumerLoad.prepare(driver, share, clock);
    }
}
