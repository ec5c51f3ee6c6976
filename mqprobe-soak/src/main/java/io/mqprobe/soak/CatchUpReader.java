package io.mqprobe.soak;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.stamp.MessageStamp;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A consumer group kept a fixed time behind the writes, as a late consumer or a recovering follower is: it counts no
 * record younger than the lag, so every fetch asks the brokers for data written that long ago, which a small page cache
 * no longer holds. With no lag, it reads as fast as it can from the topic's start, joining late: a consumer back from an
 * outage. Once a second it reports how old the records it read were and how much it read
 * ({@link Metric#GROUP_LAG_SECONDS}, {@link Metric#GROUP_READ_BPS}, source {@code group:<id>}), like a monitor.
 * One thread, stopped by {@link #close} or its deadline, whichever comes first.
 *
 * <p>A partition whose next record is too young is paused, its records held (their send time and size, not their
 * bytes) until they are old enough, while the other partitions are read on. It used to wait on that record as a whole:
 * a consumer hands out one partition's fetched records before the next's, so the partitions behind waited on the one
 * ahead, and a group asked to keep 10 s read 13-21 s behind at 2 MB/s, a third of its seconds reading nothing.
 */
final class CatchUpReader implements AutoCloseable {

    /** The longest lag: a reader that holds a fetched batch longer than Kafka's poll interval (5 min) leaves its group. */
    static final Duration MAX_LAG = Duration.ofMinutes(4);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final long REPORT_EVERY_MS = 1_000;
    private static final long NAP_MS = 100;

    private final MessageConsumer consumer;
    private final String topic;
    private final String source;
    private final long lagUs;
    private final long deadlineMs;
    private final long joinAtMs;
    private final Consumer<ResourceSample> samples;
    private final Thread thread;
    private volatile boolean stopped;
    private volatile Throwable failure;
    private long windowStartMs = System.currentTimeMillis();
    private long windowBytes;
    private double windowLagUsSum;
    private long windowRecords;
    /** Per partition, the records read but too young to count yet, oldest first: {send time in µs, bytes}. */
    private final Map<Integer, Deque<long[]>> held = new HashMap<>();

    private CatchUpReader(MessageConsumer consumer, String topic, String group, Duration lag, Duration joinAfter,
                          Duration runFor, Consumer<ResourceSample> samples) {
        this.consumer = consumer;
        this.topic = topic;
        this.source = MinuteSeries.GROUP_PREFIX + group;
        this.lagUs = lag.toNanos() / 1_000;
        this.joinAtMs = System.currentTimeMillis() + joinAfter.toMillis();
        this.deadlineMs = System.currentTimeMillis() + runFor.toMillis();
        this.samples = samples;
        this.thread = new Thread(this::run, "mqprobe-catch-up-" + group);
        this.thread.setDaemon(true);
    }

    /**
     * Starts reading {@code topic} as group {@code group}, {@code lag} behind (zero: as fast as it can), from
     * {@code joinAfter} on (a new group starts at the topic's oldest record), until {@code runFor} from now.
     */
    static CatchUpReader start(Driver driver, String topic, String group, Duration lag, Duration joinAfter, Duration runFor,
                               Consumer<ResourceSample> samples) {
        return start(driver.newConsumer(ClientSettings.consumer(group + "-0", group, Map.of())), topic, group, lag, joinAfter,
                runFor, samples);
    }

    /** As {@link #start(Driver, String, String, Duration, Duration, Duration, Consumer)}, with a consumer of its own. */
    static CatchUpReader start(MessageConsumer consumer, String topic, String group, Duration lag, Duration joinAfter,
                               Duration runFor, Consumer<ResourceSample> samples) {
        CatchUpReader reader = new CatchUpReader(consumer, topic, group, lag, joinAfter, runFor, samples);
        reader.thread.start();
        return reader;
    }

    private void run() {
        try (consumer) {
            while (!stopped && System.currentTimeMillis() < Math.min(joinAtMs, deadlineMs)) {
                sleep(NAP_MS);
            }
            windowStartMs = System.currentTimeMillis();
            consumer.subscribe(List.of(topic));
            while (!stopped && System.currentTimeMillis() < deadlineMs) {
                consumer.poll(POLL, this::onRecord);
                releaseDue();
                reportIfDue();
            }
        } catch (RuntimeException e) {
            if (!stopped) {
                failure = e;
            }
        }
    }

    private void onRecord(int partition, byte[] value) {
        if (value == null || !MessageStamp.isStamped(value)) {
            return;
        }
        long sentUs = MessageStamp.sendEpochMicros(value);
        Deque<long[]> held = this.held.computeIfAbsent(partition, p -> new ArrayDeque<>());
        if (held.isEmpty() && nowUs() - sentUs >= lagUs) {
            count(sentUs, value.length);
            return;
        }
        if (held.isEmpty() && !consumer.pausePartition(partition, true)) {
            // a client that cannot pause one partition: wait on this record, every partition with it
            while (!stopped && nowUs() - sentUs < lagUs && System.currentTimeMillis() < deadlineMs) {
                reportIfDue();
                sleep(Math.min(NAP_MS, Math.max(1, (lagUs - (nowUs() - sentUs)) / 1_000)));
            }
            count(sentUs, value.length);
            return;
        }
        held.add(new long[]{sentUs, value.length});
    }

    /** Counts the held records that are now old enough, and reads on from the partitions they emptied. */
    private void releaseDue() {
        for (Map.Entry<Integer, Deque<long[]>> partition : held.entrySet()) {
            Deque<long[]> records = partition.getValue();
            if (records.isEmpty()) {
                continue;
            }
            while (!records.isEmpty() && nowUs() - records.peek()[0] >= lagUs) {
                long[] record = records.poll();
                count(record[0], record[1]);
            }
            if (records.isEmpty()) {
                consumer.pausePartition(partition.getKey(), false);
            }
        }
    }

    private void count(long sentUs, long bytes) {
        windowBytes += bytes;
        windowLagUsSum += nowUs() - sentUs;
        windowRecords++;
    }

    private void reportIfDue() {
        long now = System.currentTimeMillis();
        if (now - windowStartMs < REPORT_EVERY_MS) {
            return;
        }
        samples.accept(ResourceSample.of(now, source, Metric.GROUP_READ_BPS, windowBytes * 1000.0 / (now - windowStartMs)));
        if (windowRecords > 0) {
            samples.accept(ResourceSample.of(now, source, Metric.GROUP_LAG_SECONDS, windowLagUsSum / windowRecords / 1e6));
        }
        windowStartMs = now;
        windowBytes = 0;
        windowLagUsSum = 0;
        windowRecords = 0;
    }

    private static long nowUs() {
        return System.currentTimeMillis() * 1_000;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Why the reader stopped early, or {@code null}. */
    String failure() {
        Throwable f = failure;
        return f == null ? null : f.getMessage() == null ? f.getClass().getSimpleName() : f.getMessage();
    }

    @Override
    public void close() {
        stopped = true;
        try {
            thread.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
