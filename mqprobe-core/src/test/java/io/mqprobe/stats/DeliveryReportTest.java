package io.mqprobe.stats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.BitSet;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(5)
class DeliveryReportTest {

    private static BitSet range(int from, int to) {
        BitSet b = new BitSet();
        b.set(from, to);
        return b;
    }

    @Test
    void should_report_nothing_wrong_for_an_in_order_complete_delivery() {
        DeliveryChecker c = new DeliveryChecker();
        for (int i = 0; i < 100; i++) {
            c.onMessage(i % 3, 1, i);
        }
        DeliveryReport r = DeliveryReport.of(List.of(c), Map.of(1L, range(0, 100)));
        assertThat(r).isEqualTo(new DeliveryReport(100, 0, 0, 0, 0, 1, true, null));
    }

    @Test
    void should_judge_a_checker_restored_from_its_state_as_the_checker_itself() throws Exception {
        DeliveryChecker c = new DeliveryChecker();
        for (int i = 0; i < 300; i++) {
            if (i != 77) {
                c.onMessage(i % 5, 1 + i % 2, i);
            }
        }
        c.onMessage(4, 1, 4);      // a duplicate (stream 1 has the even sequences)
        c.onMessage(4, 2, 77);     // late in partition 4, after sequence 299 of stream 2
        c.onStopped(Map.of(0, true, 1, true, 2, false));
        // as a worker sends it: through JSON
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        DeliveryChecker restored = DeliveryChecker.restore(
                json.readValue(json.writeValueAsBytes(c.state()), DeliveryChecker.State.class));
        Map<Long, BitSet> acked = Map.of(1L, range(0, 300), 2L, range(0, 300));

        assertThat(DeliveryReport.of(List.of(restored), acked)).isEqualTo(DeliveryReport.of(List.of(c), acked));
        assertThat(DeliveryReport.of(List.of(restored), acked).duplicates()).isEqualTo(1);
        assertThat(DeliveryReport.of(List.of(restored), acked).outOfOrder()).isEqualTo(1);
    }

    @Test
    void should_count_acknowledged_messages_never_consumed_as_lost() {
        DeliveryChecker c = new DeliveryChecker();
        for (int i = 0; i < 100; i++) {
            if (i != 10 && i != 50) {
                c.onMessage(0, 1, i);
            }
        }
        assertThat(DeliveryReport.of(List.of(c), Map.of(1L, range(0, 100))).lost()).isEqualTo(2);
        // the same gaps count as lost without acknowledgement records, and a missing tail cannot be seen
        assertThat(DeliveryReport.of(List.of(c), null).lost()).isEqualTo(2);
    }

    @Test
    void should_not_count_unacknowledged_sends_as_lost() {
        DeliveryChecker c = new DeliveryChecker();
        c.onMessage(0, 1, 0);
        c.onMessage(0, 1, 2);
        BitSet acked = new BitSet();
        acked.set(0);
        acked.set(2); // seq 1 failed at the producer: the broker never promised it
        assertThat(DeliveryReport.of(List.of(c), Map.of(1L, acked)).lost()).isZero();
    }

    @Test
    void should_count_duplicates_within_and_across_consumer_threads() {
        DeliveryChecker a = new DeliveryChecker();
        DeliveryChecker b = new DeliveryChecker();
        a.onMessage(0, 1, 0);
        a.onMessage(0, 1, 1);
        a.onMessage(0, 1, 1);
        b.onMessage(0, 1, 0); // partition moved to another consumer and was read again
        DeliveryReport r = DeliveryReport.of(List.of(a, b), Map.of(1L, range(0, 2)));
        assertThat(r.duplicates()).isEqualTo(2);
        assertThat(r.received()).isEqualTo(4);
        assertThat(r.lost()).isZero();
    }

    @Test
    void should_count_reordering_only_within_a_partition() {
        DeliveryChecker c = new DeliveryChecker();
        c.onMessage(0, 1, 0);
        c.onMessage(1, 1, 2);
        c.onMessage(0, 1, 1); // behind seq 2, but that was another partition: fine
        c.onMessage(1, 1, 3);
        c.onMessage(1, 1, 4);
        c.onMessage(0, 1, 6);
        c.onMessage(0, 1, 5); // behind 6 in the same partition: out of order
        assertThat(DeliveryReport.of(List.of(c), null).outOfOrder()).isEqualTo(1);
    }

    @Test
    void should_keep_streams_apart() {
        DeliveryChecker c = new DeliveryChecker();
        c.onMessage(0, 1, 0);
        c.onMessage(0, 2, 0);
        c.onMessage(0, 2, 1);
        c.onStopped(Map.of(0, true));  // read to the end: stream 2's acknowledged seq 2 is not there
        DeliveryReport r = DeliveryReport.of(List.of(c), Map.of(1L, range(0, 1), 2L, range(0, 3)));
        assertThat(r.streams()).isEqualTo(2);
        assertThat(r.duplicates()).isZero();
        assertThat(r.lost()).isEqualTo(1);
    }

    /** Stream 1 written round-robin over two partitions (even sequences to 0, odd to 1), read up to {@code lastOdd} in 1. */
    private static DeliveryChecker readPartway(int lastOdd, int skipped) {
        DeliveryChecker c = new DeliveryChecker();
        for (int i = 0; i < 100; i++) {
            if (i != skipped && (i % 2 == 0 || i <= lastOdd)) {
                c.onMessage(i % 2, 1, i);
            }
        }
        c.onStopped(Map.of(0, true, 1, false));
        return c;
    }

    @Test
    void should_not_count_gaps_in_a_partition_read_partway_as_lost() {
        DeliveryReport r = DeliveryReport.of(List.of(readPartway(49, -1)), null);

        assertThat(r.lost()).isZero();
        assertThat(r.unread()).isEqualTo(24);   // odd 51..97 below the highest sequence seen: still in partition 1
    }

    @Test
    void should_still_count_a_gap_before_where_the_partition_was_read_to() {
        DeliveryReport r = DeliveryReport.of(List.of(readPartway(49, 11)), null);

        assertThat(r.lost()).isEqualTo(1);
    }

    @Test
    void should_report_acknowledged_messages_the_consumers_did_not_reach_as_unread_not_lost() {
        DeliveryReport r = DeliveryReport.of(List.of(readPartway(49, -1)), Map.of(1L, range(0, 100)));

        assertThat(r.lost()).isZero();
        assertThat(r.unread()).isEqualTo(25);   // odd 51..99: a lagging consumer, not a lossy cluster
    }

    @Test
    void should_count_every_gap_when_every_partition_was_read_to_the_end() {
        DeliveryChecker c = readPartway(99, 60);
        c.onStopped(Map.of(0, true, 1, true));

        assertThat(DeliveryReport.of(List.of(c), Map.of(1L, range(0, 100))).lost()).isEqualTo(1);
    }

    @Test
    void should_not_call_anything_lost_when_a_consumer_failed() {
        DeliveryChecker c = new DeliveryChecker();
        c.onMessage(0, 1, 0);
        c.onMessage(0, 1, 5);

        DeliveryReport r = DeliveryReport.of(List.of(c), Map.of(1L, range(0, 10))).withConsumerFailure("consumer 0 failed: boom");

        assertThat(r.lost()).isZero();
        assertThat(r.unread()).isEqualTo(8);
        assertThat(r.consumerFailure()).isEqualTo("consumer 0 failed: boom");
    }
}
