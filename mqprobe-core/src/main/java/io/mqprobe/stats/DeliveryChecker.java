package io.mqprobe.stats;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * Sequence bookkeeping of one consumer thread: which sequences of which producer stream arrived,
 * how often, and whether a stream's messages arrived in order within each partition (the only
 * order Kafka promises). Merge the checkers of all threads with {@link DeliveryReport#of}.
 */
public final class DeliveryChecker {

    private final Map<Long, StreamView> streams = new HashMap<>();
    private long lastStreamId = Long.MIN_VALUE;
    private StreamView lastView;
    private long received;
    private long duplicates;
    private long outOfOrder;
    private final Map<Integer, Boolean> readToEnd = new HashMap<>();

    public void onMessage(int partition, long streamId, long sequence) {
        received++;
        StreamView view = view(streamId);
        if (sequence < 0 || sequence > Integer.MAX_VALUE) {
            return;
        }
        int seq = (int) sequence;
        if (view.seen.get(seq)) {
            duplicates++;
            return;
        }
        view.seen.set(seq);
        if (seq < view.lastInPartition(partition)) {
            outOfOrder++;
        } else {
            view.setLastInPartition(partition, seq);
        }
    }

    /**
     * The consumer stopped: for each partition it was assigned, whether it had read to the partition's end.
     * Without this, every partition is treated as possibly read partway (no false losses, fewer found).
     */
    public void onStopped(Map<Integer, Boolean> readToEndByPartition) {
        readToEnd.putAll(readToEndByPartition);
    }

    Map<Integer, Boolean> readToEnd() {
        return readToEnd;
    }

    /** Highest sequence of the stream read from each partition (-1 where none was). */
    Map<Integer, Long> lastByPartition(long streamId) {
        Map<Integer, Long> last = new HashMap<>();
        StreamView v = streams.get(streamId);
        if (v != null) {
            for (int p = 0; p < v.lastByPartition.length; p++) {
                last.put(p, v.lastByPartition[p]);
            }
        }
        return last;
    }

    public long received() {
        return received;
    }

    public long duplicates() {
        return duplicates;
    }

    public long outOfOrder() {
        return outOfOrder;
    }

    Map<Long, BitSet> seenByStream() {
        Map<Long, BitSet> seen = new HashMap<>();
        streams.forEach((id, v) -> seen.put(id, v.seen));
        return seen;
    }

    /**
     * This checker's whole bookkeeping as plain values, for a checker that ran in a load worker elsewhere: the
     * coordinator restores it ({@link #restore}) and merges it with the others as if it had run here.
     *
     * @param streams per producer stream, the sequences seen (a {@link BitSet}'s words) and the highest sequence read
     *                from each partition (-1 where none was)
     */
    public record State(long received, long duplicates, long outOfOrder, Map<Integer, Boolean> readToEnd,
                        Map<Long, StreamState> streams) {
    }

    public record StreamState(long[] seen, long[] lastByPartition) {
    }

    public State state() {
        Map<Long, StreamState> views = new HashMap<>();
        streams.forEach((id, v) -> views.put(id, new StreamState(v.seen.toLongArray(), v.lastByPartition.clone())));
        return new State(received, duplicates, outOfOrder, Map.copyOf(readToEnd), views);
    }

    public static DeliveryChecker restore(State state) {
        DeliveryChecker checker = new DeliveryChecker();
        checker.received = state.received();
        checker.duplicates = state.duplicates();
        checker.outOfOrder = state.outOfOrder();
        checker.readToEnd.putAll(state.readToEnd());
        state.streams().forEach((id, v) -> {
            StreamView view = new StreamView();
            view.seen.or(BitSet.valueOf(v.seen()));
            view.lastByPartition = v.lastByPartition().clone();
            checker.streams.put(id, view);
        });
        return checker;
    }

    private StreamView view(long streamId) {
        if (streamId != lastStreamId) {
            lastView = streams.computeIfAbsent(streamId, id -> new StreamView());
            lastStreamId = streamId;
        }
        return lastView;
    }

    private static final class StreamView {
        final BitSet seen = new BitSet();
        long[] lastByPartition = new long[0];

        long lastInPartition(int partition) {
            return partition < lastByPartition.length ? lastByPartition[partition] : -1;
        }

        void setLastInPartition(int partition, long seq) {
            if (partition >= lastByPartition.length) {
                int old = lastByPartition.length;
                lastByPartition = Arrays.copyOf(lastByPartition, Math.max(partition + 1, old * 2));
                Arrays.fill(lastByPartition, old, lastByPartition.length, -1);
            }
            lastByPartition[partition] = seq;
        }
    }
}
