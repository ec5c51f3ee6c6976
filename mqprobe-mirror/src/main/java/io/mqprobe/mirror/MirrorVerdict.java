package io.mqprobe.mirror;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.mqprobe.result.Verdict;
import io.mqprobe.result.VerdictTypes;

import io.mqprobe.api.stats.LatencySummary;

import java.util.List;
import java.util.OptionalDouble;

/**
 * The verdict of one mirror variation ({@code mirror}): how fast records crossed to the target cluster, how long
 * each took from its stamp to arrival in the target, what the mirror process cost, and the source cluster's own
 * replication beside it for comparison. MirrorMaker 2 delivers at least once: duplicates are counted and
 * reported, not failed; a lost record fails the verdict.
 *
 * @param sourceBytesPerSecond       acknowledged into the source (business traffic)
 * @param arrivalBytesPerSecond      read from the mirrored topic in the target
 * @param mirrorLatencyUs            stamp (intended send time) to arrival in the target, per record
 * @param arrivedRecords             records read from the target
 * @param lostRecords                acknowledged in the source, never arrived (the lag left when the drain ended)
 * @param duplicateRecords           arrived more than once (at-least-once delivery)
 * @param mirrorCpuCores             mean cores the mirror process used; empty when it was not sampled (a remote mirror)
 * @param mirrorCpuSecondsPerMiB     mirror CPU seconds per MiB arrived; empty when unknown
 * @param replicationBytesPerSecond  the source brokers' replica-fetch rate (ReplicationBytesIn, summed); empty when
 *                                   not measured
 * @param leaderWriteBytesPerSecond  the source leaders' write rate (log growth, summed); empty when not measured
 * @param notes                      what to keep in mind when reading the figures, one line each
 */
@JsonTypeName("mirror")
public record MirrorVerdict(double sourceBytesPerSecond, double arrivalBytesPerSecond, LatencySummary mirrorLatencyUs,
                            long arrivedRecords, long lostRecords, long duplicateRecords, OptionalDouble mirrorCpuCores,
                            OptionalDouble mirrorCpuSecondsPerMiB, OptionalDouble replicationBytesPerSecond,
                            OptionalDouble leaderWriteBytesPerSecond,
                            List<String> notes) implements Verdict {

    public static final String AT_LEAST_ONCE = "MirrorMaker 2 delivers at least once: duplicates after a restart or "
            + "rebalance are expected; a lost record is not";

    public MirrorVerdict {
        notes = List.copyOf(notes);
    }

    @Override
    public boolean passed() {
        return arrivedRecords > 0 && lostRecords == 0;
    }

    /** Registers this kind with the result documents ({@link VerdictTypes}). */
    public static final class Types implements VerdictTypes {
        @Override
        public java.util.List<Class<? extends Verdict>> types() {
            return java.util.List.of(MirrorVerdict.class);
        }
    }
}
