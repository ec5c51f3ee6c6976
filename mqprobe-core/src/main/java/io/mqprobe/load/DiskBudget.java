package io.mqprobe.load;

import io.mqprobe.api.LogDirSpace;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.TimeSpan;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/**
 * How much the topics mqprobe creates may hold on the brokers' disks, and how much free space must stay
 * free. Topics get retention settings from the budget (so steady load cannot fill the disk) and a watch
 * stops the run when the topics outgrow the budget anyway or free space falls below the reserve.
 *
 * @param budgetBytes  bytes all of mqprobe's topics may hold together, every replica counted; {@code Long.MAX_VALUE} = no cap
 * @param reserveBytes free space every log directory must keep
 */
public record DiskBudget(long budgetBytes, long reserveBytes) {

    /** Of the free space above the reserve, mqprobe takes at most this share by default. */
    public static final double DEFAULT_SHARE_OF_FREE = 0.5;

    public DiskBudget {
        if (budgetBytes <= 0 || reserveBytes < 0) {
            throw new UsageException("the disk budget must be positive and the reserve not negative");
        }
    }

    /**
     * The budget asked for, or half the free space above the reserve of the fullest log directory (embedded
     * brokers share one disk, so the smallest free space is what all of them can still add together).
     *
     * @param space the log directories as the cluster reports them; empty when it does not (no default cap then)
     * @throws UsageException when a log directory is already below the reserve
     */
    public static DiskBudget of(OptionalLong askedBytes, long reserveBytes, List<LogDirSpace> space) {
        OptionalLong leastFree = space.stream().mapToLong(LogDirSpace::usableBytes).min();
        if (leastFree.isPresent() && leastFree.getAsLong() <= reserveBytes) {
            throw new UsageException("a broker log directory has only " + ByteSize.format(leastFree.getAsLong())
                    + " free, not more than the reserve of " + ByteSize.format(reserveBytes) + " (--disk-reserve)");
        }
        if (askedBytes.isPresent()) {
            return new DiskBudget(askedBytes.getAsLong(), reserveBytes);
        }
        return new DiskBudget(leastFree.isEmpty() ? Long.MAX_VALUE
                : Math.max(1, (long) ((leastFree.getAsLong() - reserveBytes) * DEFAULT_SHARE_OF_FREE)), reserveBytes);
    }

    public boolean capped() {
        return budgetBytes != Long.MAX_VALUE;
    }

    /**
     * A topic whose data no later step reads is created anew before a step once it holds this share of the budget, where
     * the brokers delete too rarely ({@link #slowDeletion}): half is left for the step, which at the 450 MB/s a plain
     * three-broker cluster here took with three replicas writes about 5 GB in its longest window.
     */
    public static final double RECREATE_SHARE = 0.5;

    /** Whether a topic holding {@code topicBytes} on the brokers' disks is past {@link #RECREATE_SHARE} of the budget. */
    public boolean outgrown(long topicBytes) {
        return capped() && topicBytes > RECREATE_SHARE * budgetBytes;
    }

    /** Retention aims this far below the budget: it deletes whole segments, every few seconds, so it overshoots. */
    public static final double RETENTION_SHARE = 0.8;

    /** What one replica of {@code topic} may hold: its share of the budget, less the headroom retention needs. */
    public long perReplicaBytes(TopicSpec topic) {
        int rf = topic.replicaAssignment().isEmpty() ? topic.replicationFactor() : topic.replicaAssignment().get(0).size();
        return Math.max(1, (long) (RETENTION_SHARE * budgetBytes / ((long) topic.partitions() * rf)));
    }

    /**
     * Deletion rarer than this lets the topics outgrow their caps between two deletions by more than
     * {@link #RETENTION_SHARE}'s headroom at the rates a probe reaches. mqprobe's own brokers delete every 5 s.
     */
    public static final Duration SLOW_DELETION = Duration.ofSeconds(30);

    /**
     * One line when the brokers delete old data so rarely ({@code every}) that the topics may pass the budget between two
     * deletions, else null. Plain Kafka checks every 5 minutes: a ramp at 100 MB/s on three replicas writes 90 GB in
     * that time, and the run then stops on the budget, not on what it measures.
     *
     * @param setting the broker setting that sets {@code every}, as its driver names it
     */
    public String slowDeletion(Duration every, String setting) {
        if (!capped() || every.compareTo(SLOW_DELETION) <= 0) {
            return null;
        }
        return "the brokers delete old segments only every " + TimeSpan.formatSeconds(every.toSeconds())
                + " (" + setting + "): until then mqprobe's topics outgrow their size caps, and the"
                + " run stops if they pass the disk budget of " + ByteSize.format(budgetBytes)
                + " (raise --disk-budget, or lower that broker setting); topics whose data no later step reads (a probe's)"
                + " are created anew before a step once they hold half of it";
    }

    /** Why the run must stop, or null: the topics outgrew the budget, or a log directory fell below the reserve. */
    public String exceeded(long topicBytes, List<LogDirSpace> space) {
        if (capped() && topicBytes > budgetBytes) {
            return "mqprobe's topics hold " + ByteSize.format(topicBytes) + ", over the disk budget of "
                    + ByteSize.format(budgetBytes) + " (--disk-budget)";
        }
        for (LogDirSpace dir : space) {
            if (dir.usableBytes() < reserveBytes) {
                return "broker " + dir.brokerId() + " has " + ByteSize.format(dir.usableBytes()) + " free in " + dir.path()
                        + ", below the reserve of " + ByteSize.format(reserveBytes) + " (--disk-reserve)";
            }
        }
        return null;
    }
}
