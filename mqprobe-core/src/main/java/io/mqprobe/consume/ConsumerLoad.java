package io.mqprobe.consume;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.stamp.MessageStamp;
import io.mqprobe.stamp.NanoClock;
import io.mqprobe.stats.ConsumeStats;
import io.mqprobe.stats.DeliveryChecker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A running consumer load: {@code threads} consumer instances in each of the spec's groups, each polling on its own
 * thread, decoding mqprobe's stamp for end-to-end latency and sequence checks. Every group reads every message, so
 * each group's delivery is checked on its own.
 */
public final class ConsumerLoad implements RunningConsumers {

    private static final Duration POLL_TIMEOUT = Duration.ofMillis(100);

    private final ConsumeStats stats = new ConsumeStats();
    private final List<List<DeliveryChecker>> checkersByGroup = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();
    private final NanoClock clock;
    private final ConsumerLoadSpec spec;
    private final List<MessageConsumer> clients = new ArrayList<>();
    private volatile long endNs;
    private volatile boolean begun;
    private volatile boolean stopRequested;
    private volatile boolean paused;

    private ConsumerLoad(ConsumerLoadSpec spec, NanoClock clock) {
        this.spec = spec;
        this.clock = clock;
    }

    /** Creates the consumers and their threads; {@link #begin} starts them. */
    public static ConsumerLoad prepare(Driver driver, ConsumerLoadSpec spec, NanoClock clock) {
        ConsumerLoad load = new ConsumerLoad(spec, clock);
        for (String group : spec.groupIds()) {
            List<DeliveryChecker> checkers = new ArrayList<>();
            load.checkersByGroup.add(checkers);
            for (int i = 0; i < spec.threads(); i++) {
                MessageConsumer consumer = driver.newConsumer(ClientSettings.consumer(group + "-" + i, group,
                        spec.consumerProperties()));
                load.clients.add(consumer);
                DeliveryChecker checker = new DeliveryChecker();
                checkers.add(checker);
                Thread t = new Thread(() -> load.pollLoop(consumer, checker), "mqprobe-consume-" + group + "-" + i);
                t.setDaemon(true);
                load.threads.add(t);
            }
        }
        return load;
    }

    /** Prepares and begins at once. */
    public static ConsumerLoad start(Driver driver, ConsumerLoadSpec spec, NanoClock clock) {
        ConsumerLoad load = prepare(driver, spec, clock);
        load.begin();
        return load;
    }

    @Override
    public synchronized void begin() {
        if (begun || stopRequested) {
            return;
        }
        begun = true;
        endNs = System.nanoTime() + spec.duration().toNanos();
        threads.forEach(Thread::start);
    }

    private void pollLoop(MessageConsumer consumer, DeliveryChecker checker) {
        try (consumer) {
            consumer.subscribe(spec.topics());
            long max = spec.maxRecords() > 0 ? spec.maxRecords() : Long.MAX_VALUE;
            boolean pausedHere = false;
            while (!stopRequested && System.nanoTime() < endNs && stats.records() < max) {
                if (pausedHere != paused) {
                    pausedHere = paused;
                    consumer.pause(pausedHere);
                }
                consumer.poll(POLL_TIMEOUT, (partition, value) -> onMessage(checker, partition, value));
            }
            // which partitions were read through tells a loss from a message the consumers never reached
            checker.onStopped(readToEnd(consumer));
        } catch (RuntimeException e) {
            if (!stopRequested) {
                failures.add(e);
            }
        }
    }

    /**
     * Asking where the partitions end is not reading them: a cluster that does not answer that in time (just back
     * from a fault) leaves it unknown, so nothing counts as read to the end (no false loss), and the consumer did not fail.
     */
    private static Map<Integer, Boolean> readToEnd(MessageConsumer consumer) {
        try {
            return consumer.readToEnd();
        } catch (RuntimeException e) {
            return Map.of();
        }
    }

    private void onMessage(DeliveryChecker checker, int partition, byte[] value) {
        if (MessageStamp.isStamped(value)) {
            stats.onConsumed(value.length, clock.epochMicros() - MessageStamp.sendEpochMicros(value));
            checker.onMessage(partition, MessageStamp.streamId(value), MessageStamp.sequence(value));
        } else {
            stats.onUnstamped(value == null ? 0 : value.length);
        }
    }

    /**
     * Stops (or restarts) every consumer's fetching while they stay in their groups, so a backlog builds on the
     * cluster (the load package's {@code BacklogPhase} does so). Takes effect at each consumer's next poll.
     */
    @Override
    public void pause(boolean pause) {
        paused = pause;
    }

    @Override
    public boolean done() {
        return begun && threads.stream().noneMatch(Thread::isAlive);
    }

    @Override
    public Finished finish() {
        close();
        return new Finished(checkersByGroup, failures.stream()
                .map(f -> f.getClass().getSimpleName() + ": " + f.getMessage()).toList());
    }

    @Override
    public ConsumeStats.Snapshot snapshot(long epochMs) {
        return stats.snapshot(epochMs);
    }

    @Override
    public long records() {
        return stats.records();
    }

    @Override
    public ConsumeStats.ClockAhead clockAhead() {
        return stats.clockAhead();
    }

    @Override
    public long unstamped() {
        return stats.unstamped();
    }

    @Override
    public void close() {
        synchronized (this) {
            stopRequested = true;
            if (!begun) {
                // threads that never ran never close their consumers
                clients.forEach(MessageConsumer::close);
                return;
            }
        }
        for (Thread t : threads) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
