package io.mqprobe.chaos;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.Driver;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.stamp.MessageStamp;
import io.mqprobe.stats.DeliveryChecker;
import io.mqprobe.stats.DeliveryReport;

import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * After a chaos run, reads the topic once more from its start to its end with a fresh consumer and
 * compares what the log holds with what the producers had acknowledged. This is the proof of loss that
 * does not depend on the load's consumers: an acknowledged message the consumers read and the cluster
 * later threw away (an unclean election truncates it, a wiped replica forgets it) is missing here, and a
 * message the consumers simply had not reached yet is not.
 *
 * <p>The read proves nothing when the log no longer starts at offset 0 (retention removed its oldest
 * records) or the client cannot tell where the log ends; then it says why and the judge falls back to what
 * the load's consumers saw. A topic the cluster will not serve again is {@linkplain Result#unreadable unreadable}.
 */
public final class LogAudit {

    private static final Duration POLL_TIMEOUT = Duration.ofMillis(200);

    private final Driver driver;
    private final String topic;
    private final int partitions;
    private final long timeoutMs;

    /**
     * The outcome: the delivery report of the complete read, or why there is none. {@code unreadable} when the
     * cluster itself would not serve the topic again (the read kept failing, or a partition it can tell about never
     * reached its end): the faults left the topic broken, unlike a read that proves nothing for reasons of its own.
     */
    public record Result(DeliveryReport report, String inconclusive, boolean unreadable) {

        public static Result inconclusive(String why) {
            return new Result(null, why, false);
        }

        static Result unreadable(String why) {
            return new Result(null, why, true);
        }

        public boolean proves() {
            return report != null;
        }
    }

    /** Reads nothing: for runs that do not audit (tests of the judge alone, drivers without a way to tell). */
    public static final LogAudit NONE = new LogAudit(null, null, 0, 0);

    public LogAudit(Driver driver, String topic, int partitions, long timeoutMs) {
        this.driver = driver;
        this.topic = topic;
        this.partitions = partitions;
        this.timeoutMs = timeoutMs;
    }

    /** Reads the whole topic and checks {@code acknowledged} (sequences by producer stream) against it. */
    public Result check(Map<Long, BitSet> acknowledged) {
        if (driver == null) {
            return Result.inconclusive("the topic was not read again");
        }
        if (acknowledged.isEmpty()) {
            return Result.inconclusive("no acknowledged sequences to check");
        }
        DeliveryChecker checker = new DeliveryChecker();
        String group = "mqprobe-audit-" + UUID.randomUUID().toString().substring(0, 8);
        try (MessageConsumer consumer = driver.newConsumer(ClientSettings.consumer(group, group, Map.of()))) {
            consumer.subscribe(List.of(topic));
            long deadlineNs = System.nanoTime() + timeoutMs * 1_000_000;
            Map<Integer, Boolean> atEnd = Map.of();
            RuntimeException lastFailure = null;
            while (System.nanoTime() < deadlineNs) {
                int read = consumer.poll(POLL_TIMEOUT, (partition, value) -> {
                    if (MessageStamp.isStamped(value)) {
                        checker.onMessage(partition, MessageStamp.streamId(value), MessageStamp.sequence(value));
                    }
                });
                if (read == 0) {
                    // a broker that has just come back (a wiped or restarted leader) may not answer for its
                    // offsets yet: that is a reason to ask again, not the end of the audit
                    try {
                        atEnd = consumer.readToEnd();
                        lastFailure = null;
                    } catch (RuntimeException e) {
                        lastFailure = e;
                        continue;
                    }
                    if (atEnd.size() == partitions && !atEnd.containsValue(false)) {
                        break;
                    }
                }
            }
            if (lastFailure != null) {
                return Result.unreadable("reading the topic again failed: " + lastFailure.getMessage());
            }
            if (atEnd.containsValue(false)) {
                return Result.unreadable("the topic was not read to its end within " + timeoutMs / 1000 + " s");
            }
            if (atEnd.size() != partitions) {
                return Result.inconclusive("the client cannot tell whether it read the topic to its end");
            }
            Map<Integer, Long> starts = consumer.startOffsets();
            if (starts.size() != partitions) {
                return Result.inconclusive("the client cannot tell where the partitions start");
            }
            for (Map.Entry<Integer, Long> start : starts.entrySet()) {
                if (start.getValue() > 0) {
                    return Result.inconclusive("retention removed the oldest records of partition " + start.getKey());
                }
            }
            checker.onStopped(atEnd);
        } catch (RuntimeException e) {
            return Result.unreadable("reading the topic again failed: " + e.getMessage());
        }
        return new Result(DeliveryReport.of(List.of(checker), acknowledged), null, false);
    }
}
