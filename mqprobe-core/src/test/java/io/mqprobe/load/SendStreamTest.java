package io.mqprobe.load;

import io.mqprobe.stamp.MessageStamp;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.SendCallback;
import io.mqprobe.stats.SendStats;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class SendStreamTest {

    private final FakeClock clock = new FakeClock();
    private final SendStats stats = new SendStats();

    /** Acknowledges every send at once after {@code serviceNs}; one chosen send stalls for {@code stallNs}. */
    private class InstantBroker implements MessageProducer {
        final List<Long> sendTimesNs = new ArrayList<>();
        final List<byte[]> bodies = new ArrayList<>();
        final List<byte[]> keys = new ArrayList<>();
        long serviceNs = 100_000;
        long stallAtSeq = -1;
        long stallNs;

        @Override
        public void send(String topic, byte[] value, long token, SendCallback callback) {
            sendTimesNs.add(clock.nanoTime());
            bodies.add(value.clone());
            clock.advance(token == stallAtSeq ? stallNs : serviceNs);
            callback.onSendComplete(token, null);
        }

        @Override
        public void send(String topic, byte[] key, byte[] value, long token, SendCallback callback) {
            keys.add(key);
            send(topic, value, token, callback);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    private SendStream stream(InstantBroker broker, double ratePerSecond, long records, int slots) {
        PayloadPool pool = PayloadPool.build(new PayloadSpec.Random(), 100, 1);
        double intervalNs = ratePerSecond > 0 ? 1e9 / ratePerSecond : 0;
        long start = clock.nanoTime();
        return new SendStream(7, broker, "t", pool, clock, stats,
                new SendStream.Schedule(start, intervalNs, start + 3_600_000_000_000L), records, slots, true);
    }

    @Test
    void should_send_each_message_with_its_key_when_keys_are_asked() {
        InstantBroker broker = new InstantBroker();
        PayloadPool pool = PayloadPool.build(new PayloadSpec.Random(), 100, 1);
        long start = clock.nanoTime();
        new SendStream(7, broker, "t", KeyDistributor.KEY_ROUND_ROBIN, pool, clock, stats,
                new SendStream.Schedule(start, 0, start + 3_600_000_000_000L), 5, 1, true).run();

        assertThat(broker.keys).hasSize(5);
        for (int seq = 0; seq < 5; seq++) {
            assertThat(broker.keys.get(seq)).isSameAs(KeyDistributor.KEY_ROUND_ROBIN.key(seq));
        }
        stream(broker, 0, 5, 1).run();
        assertThat(broker.keys).as("no keys unless asked: the unkeyed send").hasSize(5);
        assertThat(broker.bodies).hasSize(10);
    }

    @Test
    void should_show_a_stalled_send_in_corrected_latency_but_not_in_service_latency() {
        InstantBroker broker = new InstantBroker();
        broker.stallAtSeq = 100;
        broker.stallNs = 1_000_000_000L; // one second at 1000 msg/s: the next ~1000 sends are late
        stream(broker, 1000, 2000, 1).run();

        SendStats.Snapshot s = stats.snapshot(0);
        Histogram corrected = s.corrected();
        Histogram service = s.service();
        assertThat(s.acked()).isEqualTo(2000);
        assertThat(service.getValueAtPercentile(90)).isLessThan(1_000);            // µs: the broker answered in 100 µs
        assertThat(corrected.getMaxValue()).isGreaterThanOrEqualTo(999_000);      // the stalled send itself
        assertThat(corrected.getValueAtPercentile(75)).isGreaterThan(200_000);     // messages queued behind the stall
        assertThat(s.sendDelay().getMaxValue()).isGreaterThan(900_000);           // the stream knew it was late
    }

    @Test
    void should_wake_at_most_once_a_millisecond_at_high_rates_and_never_send_early() {
        InstantBroker broker = new InstantBroker();
        broker.serviceNs = 1_000;
        long start = clock.nanoTime();
        stream(broker, 100_000, 100_000, 64).run(); // one second at 10 µs intervals

        assertThat(broker.sendTimesNs).hasSize(100_000);
        assertThat(clock.parks()).isBetween(900, 1_100); // not one park per message
        for (int seq = 0; seq < broker.sendTimesNs.size(); seq++) {
            long lateNs = broker.sendTimesNs.get(seq) - (start + seq * 10_000L);
            assertThat(lateNs).as("message %d", seq).isBetween(0L, SendStream.PACING_SLICE_NS + 100_000L);
        }
    }

    @Test
    void should_stop_at_the_end_of_the_duration_even_when_behind_schedule() {
        InstantBroker broker = new InstantBroker();
        broker.serviceNs = 10_000_000; // 100 msgs/s in sync mode, offered 1000/s
        long start = clock.nanoTime();
        PayloadPool pool = PayloadPool.build(new PayloadSpec.Random(), 100, 1);
        new SendStream(1, broker, "t", pool, clock, stats, new SendStream.Schedule(start, 1e6, start + 1_000_000_000L),
                Long.MAX_VALUE, 1, false).run();

        assertThat(broker.sendTimesNs).hasSizeBetween(95, 105);
        assertThat(clock.nanoTime() - start).isLessThan(1_020_000_000L);
    }

    @Test
    void should_send_on_the_schedule_when_the_broker_keeps_up() {
        InstantBroker broker = new InstantBroker();
        stream(broker, 500, 100, 1 << 4).run(); // intervals longer than a pacing slice: each message on its own time

        assertThat(broker.sendTimesNs).hasSize(100);
        for (int i = 1; i < broker.sendTimesNs.size(); i++) {
            assertThat(broker.sendTimesNs.get(i) - broker.sendTimesNs.get(i - 1)).isEqualTo(2_000_000);
        }
        SendStats.Snapshot s = stats.snapshot(0);
        assertThat(s.corrected().getMaxValue()).isEqualTo(s.service().getMaxValue());
    }

    @Test
    void should_measure_unthrottled_sends_from_their_actual_send_time() {
        InstantBroker broker = new InstantBroker();
        broker.stallAtSeq = 5;
        broker.stallNs = 50_000_000L;
        stream(broker, 0, 50, 1).run();

        SendStats.Snapshot s = stats.snapshot(0);
        // closed loop: nothing was scheduled, so nothing is late; the stall is one slow message
        assertThat(s.corrected().getTotalCount()).isEqualTo(50);
        assertThat(s.corrected().getValueAtPercentile(90)).isLessThan(1_000);
        assertThat(s.corrected().getMaxValue()).isGreaterThanOrEqualTo(49_000);
    }

    @Test
    void should_stamp_every_message_with_stream_sequence_and_intended_time() {
        InstantBroker broker = new InstantBroker();
        SendStream stream = stream(broker, 1000, 3, 1);
        stream.run();

        for (int i = 0; i < 3; i++) {
            byte[] body = broker.bodies.get(i);
            assertThat(MessageStamp.isStamped(body)).isTrue();
            assertThat(MessageStamp.streamId(body)).isEqualTo(7);
            assertThat(MessageStamp.sequence(body)).isEqualTo(i);
            assertThat(MessageStamp.sendEpochMicros(body)).isEqualTo(broker.sendTimesNs.get(i) / 1000);
        }
        assertThat(stream.ackedSequences().cardinality()).isEqualTo(3);
    }

    @Test
    void should_count_failed_sends_by_type_and_not_as_acknowledged() {
        MessageProducer failing = new InstantBroker() {
            @Override
            public void send(String topic, byte[] value, long token, SendCallback callback) {
                callback.onSendComplete(token, token % 2 == 0 ? new IllegalStateException("boom") : null);
            }
        };
        PayloadPool pool = PayloadPool.build(new PayloadSpec.Random(), 64, 1);
        SendStream stream = new SendStream(1, failing, "t", pool, clock, stats,
                new SendStream.Schedule(clock.nanoTime(), 0, Long.MAX_VALUE), 10, 1, true);
        stream.run();

        SendStats.Snapshot s = stats.snapshot(0);
        assertThat(s.acked()).isEqualTo(5);
        assertThat(s.errorsByType()).containsEntry("IllegalStateException", 5L);
        assertThat(stream.ackedSequences().get(0)).isFalse();
        assertThat(stream.ackedSequences().get(1)).isTrue();
    }

    @Test
    void should_record_messages_due_before_the_end_but_never_sent_as_late() {
        InstantBroker broker = new InstantBroker();
        broker.serviceNs = 10_000_000; // sync at 100 msg/s, offered 1000/s for 1 s: ~900 due but never sent
        long start = clock.nanoTime();
        PayloadPool pool = PayloadPool.build(new PayloadSpec.Random(), 100, 1);
        new SendStream(1, broker, "t", pool, clock, stats, new SendStream.Schedule(start, 1e6, start + 1_000_000_000L),
                Long.MAX_VALUE, 1, false).run();

        SendStats.Snapshot s = stats.snapshot(0);
        assertThat(s.unsent()).isBetween(890L, 910L);
        assertThat(s.corrected().getTotalCount()).isBetween(995L, 1005L);
        // the step's p99 is not capped by what got sent: the last due message waited until the end
        assertThat(s.corrected().getValueAtPercentile(99)).isGreaterThan(850_000);
    }

    @Test
    void should_say_how_long_the_oldest_in_flight_message_has_waited() {
        List<Long> pending = new ArrayList<>();
        MessageProducer neverAcks = new InstantBroker() {
            @Override
            public void send(String topic, byte[] value, long token, SendCallback callback) {
                pending.add(token);
            }
        };
        SendStream stream = new SendStream(1, neverAcks, "t", PayloadPool.build(new PayloadSpec.Random(), 64, 1), clock,
                stats, new SendStream.Schedule(clock.nanoTime(), 1e6, Long.MAX_VALUE), 3, 4, false);
        long firstSendNs = clock.nanoTime();
        stream.run();
        clock.advance(1_500_000_000L);

        assertThat(pending).hasSize(3);
        assertThat(stream.oldestInFlightUs(clock.nanoTime())).isEqualTo((clock.nanoTime() - firstSendNs) / 1000);
    }
}
