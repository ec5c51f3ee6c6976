package io.mqprobe.stats;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Delivery verdict of a run.
 *
 * @param received           messages consumed, counting redeliveries
 * @param duplicates         messages consumed more than once
 * @param outOfOrder         messages that arrived after a later sequence of the same stream in the same partition
 * @param lost               acknowledged messages never consumed (or, without acknowledgement records, gaps
 *                           below the highest sequence seen per stream), counting only those the consumers
 *                           provably read past: in a partition read to its end, or before a later message of
 *                           the same stream in a partition read partway
 * @param unread             missing messages that may still wait in a partition the consumers did not read to
 *                           the end (they stopped, lagged or failed): not evidence of loss
 * @param streams            producer streams seen
 * @param checkedAgainstAcks true when {@code lost} compares with the producer's acknowledged sequences
 * @param consumerFailure    why a consumer failed, {@code null} when none did; then nothing counts as lost
 */
public record DeliveryReport(long received, long duplicates, long outOfOrder, long lost, long unread, int streams,
                             boolean checkedAgainstAcks, String consumerFailure) {

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
        Set<Integer> partial = partitionsReadPartway(checkers);
        long lost = 0;
        long unread = 0;
        Map<Long, BitSet> expected = ackedByStream != null ? ackedByStream : gapSpans(seen);
        for (Map.Entry<Long, BitSet> e : expected.entrySet()) {
            BitSet missing = (BitSet) e.getValue().clone();
            BitSet got = seen.get(e.getKey());
            if (got != null) {
                missing.andNot(got);
            }
            long readPast = readPast(checkers, e.getKey(), partial);
            long provablyLost = missing.get(0, (int) Math.min(Integer.MAX_VALUE, readPast)).cardinality();
            lost += provablyLost;
            unread += missing.cardinality() - provablyLost;
        }
        return new DeliveryReport(received, duplicates, outOfOrder, lost, unread, seen.size(), ackedByStream != null, null);
    }

    /**
     * The delivery of several consumer groups that each read every message (OMB's subscriptions): a message one
     * group lost is lost, and what each group saw twice adds up.
     */
    public static DeliveryReport acrossGroups(List<DeliveryReport> groups) {
        if (groups.size() == 1) {
            return groups.get(0);
        }
        return new DeliveryReport(groups.stream().mapToLong(DeliveryReport::received).sum(),
                groups.stream().mapToLong(DeliveryReport::duplicates).sum(),
                groups.stream().mapToLong(DeliveryReport::outOfOrder).sum(),
                groups.stream().mapToLong(DeliveryReport::lost).sum(),
                groups.stream().mapToLong(DeliveryReport::unread).sum(),
                groups.stream().mapToInt(DeliveryReport::streams).max().orElse(0),
                groups.stream().allMatch(DeliveryReport::checkedAgainstAcks),
                groups.stream().map(DeliveryReport::consumerFailure).filter(f -> f != null).findFirst().orElse(null));
    }

    /** The same report after a consumer failed: its partitions were not read through, so no gap is evidence of loss. */
    public DeliveryReport withConsumerFailure(String failure) {
        return new DeliveryReport(received, duplicates, outOfOrder, 0, lost + unread, streams, checkedAgainstAcks, failure);
    }

    /** Without acknowledgement records, every sequence below the highest one seen was expected. */
    private static Map<Long, BitSet> gapSpans(Map<Long, BitSet> seen) {
        Map<Long, BitSet> spans = new HashMap<>();
        seen.forEach((id, s) -> {
            BitSet span = new BitSet();
            span.set(0, s.length());
            spans.put(id, span);
        });
        return spans;
    }

    /** Partitions some consumer saw or was assigned that no consumer reported read to the end. */
    private static Set<Integer> partitionsReadPartway(List<DeliveryChecker> checkers) {
        Set<Integer> known = new HashSet<>();
        Set<Integer> complete = new HashSet<>();
        for (DeliveryChecker c : checkers) {
            known.addAll(c.readToEnd().keySet());
            c.readToEnd().forEach((p, atEnd) -> {
                if (atEnd) {
                    complete.add(p);
                }
            });
            for (Long id : c.seenByStream().keySet()) {
                known.addAll(c.lastByPartition(id).keySet());
            }
        }
        known.removeAll(complete);
        return known;
    }

    /**
     * Sequences below the returned bound were provably read past: in every partition read partway, a later
     * message of the stream was read (a partition keeps one producer's order), so a missing one is lost.
     */
    private static long readPast(List<DeliveryChecker> checkers, long streamId, Set<Integer> partial) {
        long bound = Long.MAX_VALUE;
        for (int p : partial) {
            long last = -1;
            for (DeliveryChecker c : checkers) {
                last = Math.max(last, c.lastByPartition(streamId).getOrDefault(p, -1L));
            }
            bound = Math.min(bound, last);
        }
        return Math.max(0, bound);
    }
}
