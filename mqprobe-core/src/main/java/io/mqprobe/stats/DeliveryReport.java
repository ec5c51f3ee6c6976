package io.mqprobe.stats;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Delivery verdict of a run.
 *
 * @param received     messages consumed, counting redeliveries
 * @param duplicates   messages consumed more than once
 * @param outOfOrder   messages that arrived after a later sequence of the same stream in the same partition
 * @param lost         acknowledged messages never consumed (or, without acknowledgement records, gaps
 *                     below the highest sequence seen per stream)
 * @param streams      producer streams seen
 * @param checkedAgainstAcks true when {@code lost} compares with the producer's acknowledged sequences
 */
public record DeliveryReport(long received, long duplicates, long outOfOrder, long lost, int streams,
                             boolean checkedAgainstAcks) {

    /**
     * Merges per-thread checkers and counts losses.
     *
     * @param ackedByStream the producer's acknowledged sequences per stream, or {@code null} when the
     *                      producer is not in this process (losses are then inferred from gaps)
     */
    public static DeliveryReport of(List<DeliveryChecker> checkers, Map<Long, BitSet> ackedByStream) {
        Map<Long, BitSet> seen = new HashMap<>();
        long received = 0;
        long duplicates = 0;
        long outOfOrder = 0;
        long cardinalitySum = 0;
        for (DeliveryChecker c : checkers) {
            received += c.received();
            duplicates += c.duplicates();
            outOfOrder += c.outOfOrder();
            for (Map.Entry<Long, BitSet> e : c.seenByStream().entrySet()) {
                cardinalitySum += e.getValue().cardinality();
                seen.computeIfAbsent(e.getKey(), k -> new BitSet()).or(e.getValue());
            }
        }
        long distinct = seen.values().stream().mapToLong(BitSet::cardinality).sum();
        // a message seen by two threads (a partition moved during a rebalance) is a duplicate too
        duplicates += cardinalitySum - distinct;
        long lost = ackedByStream == null ? gaps(seen) : missing(ackedByStream, seen);
        return new DeliveryReport(received, duplicates, outOfOrder, lost, seen.size(), ackedByStream != null);
    }

    private static long missing(Map<Long, BitSet> acked, Map<Long, BitSet> seen) {
        long lost = 0;
        for (Map.Entry<Long, BitSet> e : acked.entrySet()) {
            BitSet notSeen = (BitSet) e.getValue().clone();
            BitSet got = seen.get(e.getKey());
            if (got != null) {
                notSeen.andNot(got);
            }
            lost += notSeen.cardinality();
        }
        return lost;
    }

    private static long gaps(Map<Long, BitSet> seen) {
        long lost = 0;
        for (BitSet s : seen.values()) {
            lost += s.length() - s.cardinality();
        }
        return lost;
    }
}
