package io.mqprobe.chaos;

import io.mqprobe.api.PartitionInfo;
import io.mqprobe.result.IntervalRow;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The measurements of one fault, read from the per-second intervals and the cluster watch between the
 * moment it fired and the end of its window (the next fault, or the end of the load). Interval rows
 * cover the second that ends at their {@code epochMs}, so interval-based times have one-second resolution.
 */
final class FaultTimeline {

    /** Back at this share of the pre-fault rate counts as recovered. */
    static final double RECOVERED_SHARE = 0.9;

    private final long firedMs;
    private final long windowEndMs;
    private final List<IntervalRow> rows;

    FaultTimeline(long firedMs, long windowEndMs, List<IntervalRow> allRows) {
        this.firedMs = firedMs;
        this.windowEndMs = windowEndMs;
        this.rows = allRows.stream().filter(r -> r.epochMs() > firedMs && r.epochMs() <= windowEndMs).toList();
    }

    private static boolean unavailable(IntervalRow r) {
        return r.ackedPerSecond() == 0 || r.errors() > 0;
    }

    /** [start offset, length] of the first unavailability after the fault, ms; null when producers never stalled. */
    long[] unavailability() {
        for (int i = 0; i < rows.size(); i++) {
            if (unavailable(rows.get(i))) {
                long from = Math.max(0, rows.get(i).epochMs() - 1000 - firedMs);
                for (int j = i + 1; j < rows.size(); j++) {
                    if (!unavailable(rows.get(j))) {
                        return new long[]{from, rows.get(j).epochMs() - rows.get(i).epochMs()};
                    }
                }
                return new long[]{from, windowEndMs - rows.get(i).epochMs() + 1000};
            }
        }
        return null;
    }

    /** Longest run of seconds in which consumers read nothing, ms; 0 when they never stalled. */
    long consumerStallMs() {
        long longest = 0;
        long run = 0;
        for (IntervalRow r : rows) {
            run = r.consumedPerSecond() != null && r.consumedPerSecond() == 0 ? run + 1000 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }

    /** Empty when no second fell in the window. */
    OptionalDouble lowestAckedPerSecond() {
        return rows.stream().mapToDouble(IntervalRow::ackedPerSecond).min();
    }

    /** First second at {@link #RECOVERED_SHARE} of {@code baseline} after the lowest one; null when it never got back. */
    Long recoveredAfterMs(double baseline) {
        int lowest = 0;
        for (int i = 1; i < rows.size(); i++) {
            if (rows.get(i).ackedPerSecond() < rows.get(lowest).ackedPerSecond()) {
                lowest = i;
            }
        }
        for (int i = lowest; i < rows.size(); i++) {
            if (rows.get(i).ackedPerSecond() >= RECOVERED_SHARE * baseline) {
                return i == lowest ? 0L : rows.get(i).epochMs() - firedMs;
            }
        }
        return null;
    }

    long errors() {
        return rows.stream().mapToLong(IntervalRow::errors).sum();
    }

    /**
     * When every partition that {@code brokers} led just before the fault had another leader; null when
     * they led none, or no new leader was seen before the window ended.
     */
    static Long newLeaderAfterMs(List<ClusterWatch.Sample> samples, List<Integer> brokers, long firedMs, long windowEndMs) {
        ClusterWatch.Sample before = samples.stream().filter(s -> s.epochMs() <= firedMs).reduce((a, b) -> b).orElse(null);
        if (before == null) {
            return null;
        }
        Map<Integer, Integer> ledBefore = before.partitions().stream().filter(p -> brokers.contains(p.leader()))
                .collect(Collectors.toMap(PartitionInfo::partition, PartitionInfo::leader));
        if (ledBefore.isEmpty()) {
            return null;
        }
        for (ClusterWatch.Sample s : samples) {
            if (s.epochMs() <= firedMs || s.epochMs() > windowEndMs) {
                continue;
            }
            Map<Integer, PartitionInfo> now = s.partitions().stream()
                    .collect(Collectors.toMap(PartitionInfo::partition, Function.identity()));
            boolean allMoved = ledBefore.entrySet().stream().allMatch(e -> {
                PartitionInfo p = now.get(e.getKey());
                return p != null && p.leader() >= 0 && p.leader() != e.getValue();
            });
            if (allMoved) {
                return s.epochMs() - firedMs;
            }
        }
        return null;
    }

    /**
     * When every partition was back in full ISR after the fault shrank it (0 when it never shrank within
     * the run); null when it shrank and never came back.
     */
    static Long fullIsrAfterMs(List<ClusterWatch.Sample> samples, long firedMs) {
        boolean shrank = false;
        boolean any = false;
        for (ClusterWatch.Sample s : samples) {
            if (s.epochMs() <= firedMs) {
                continue;
            }
            any = true;
            if (!s.fullIsr()) {
                shrank = true;
            } else if (shrank) {
                return s.epochMs() - firedMs;
            }
        }
        return any && !shrank ? 0L : null;
    }
}
