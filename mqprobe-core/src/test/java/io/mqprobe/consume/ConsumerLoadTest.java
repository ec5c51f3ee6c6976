package io.mqprobe.consume;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageHandler;
import io.mqprobe.load.MessageStamp;
import io.mqprobe.testing.NoClusterDriver;
import io.mqprobe.load.NanoClock;
import io.mqprobe.stats.DeliveryReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class ConsumerLoadTest {

    /** A consumer that hands out {@code count} stamped messages of stream 1 on partition 0, then behaves as {@code after}. */
    private static NoClusterDriver driver(int count, IntFunction<byte[]> message, Runnable after) {
        return new NoClusterDriver() {





            @Override
            public MessageConsumer newConsumer(ClientSettings settings) {
                return new MessageConsumer() {
                    int next;
                    boolean paused;

                    @Override
                    public void subscribe(Collection<String> topics) {
                    }

                    @Override
                    public void pause(boolean pause) {
                        paused = pause;
                    }

                    @Override
                    public int poll(Duration timeout, MessageHandler handler) {
                        if (paused) {
                            return 0;
                        }
                        if (next < count) {
                            handler.onMessage(0, message.apply(next++));
                            return 1;
                        }
                        after.run();
                        return 0;
                    }

                    @Override
                    public Map<Integer, Boolean> readToEnd() {
                        return Map.of(0, next >= count);
                    }

                    @Override
                    public void close() {
                    }
                };
            }

        };
    }

    private static byte[] stamped(long seq, long sendEpochMicros) {
        byte[] body = new byte[64];
        MessageStamp.write(body, 1, seq, sendEpochMicros);
        return body;
    }

    private static ConsumerLoadSpec spec() {
        return new ConsumerLoadSpec(List.of("t"), "g", 1, 0, Duration.ofSeconds(5), Map.of());
    }

    @Test
    void should_report_a_failed_consumer_as_a_failure_not_as_data_lost_by_the_cluster() {
        NanoClock clock = NanoClock.SYSTEM;
        ConsumerLoad load = ConsumerLoad.start(driver(5, i -> stamped(i, clock.epochMicros()), () -> {
            throw new IllegalStateException("coordinator unavailable");
        }), spec(), clock);
        load.awaitRecords(5, Duration.ofSeconds(5));
        BitSet acked = new BitSet();
        acked.set(0, 10);

        DeliveryReport report = load.finish(Map.of(1L, acked));

        assertThat(report.consumerFailure()).contains("coordinator unavailable");
        assertThat(report.lost()).isZero();
        assertThat(report.unread()).isEqualTo(5);
    }

    @Test
    void should_detect_and_report_a_producer_clock_ahead_of_the_consumers() {
        NanoClock clock = NanoClock.SYSTEM;
        // stamped 50 ms in the future: another host's clock runs ahead
        ConsumerLoad load = ConsumerLoad.start(driver(20, i -> stamped(i, clock.epochMicros() + 50_000), () -> {
        }), spec(), clock);
        load.awaitRecords(20, Duration.ofSeconds(5));
        load.finish(null);

        assertThat(load.stats().clockAhead().messages()).isEqualTo(20);
        assertThat(load.stats().clockAhead().maxAheadUs()).isBetween(1_000L, 50_000L);
        assertThat(load.stats().snapshot(0).endToEnd().getTotalCount()).isZero();  // not recorded as 0 µs
    }

    @Test
    void should_check_each_consumer_group_on_its_own_as_every_group_reads_every_message() {
        NanoClock clock = NanoClock.SYSTEM;
        ConsumerLoadSpec twoGroups = new ConsumerLoadSpec(List.of("t"), "g", 1, 0, Duration.ofSeconds(5), Map.of(), 2);
        ConsumerLoad load = ConsumerLoad.start(driver(5, i -> stamped(i, clock.epochMicros()), () -> {
        }), twoGroups, clock);
        load.awaitRecords(10, Duration.ofSeconds(5));
        BitSet acked = new BitSet();
        acked.set(0, 6);

        DeliveryReport report = load.finish(Map.of(1L, acked));

        assertThat(report.received()).isEqualTo(10);
        assertThat(report.duplicates()).as("the same message in two groups is no duplicate").isZero();
        assertThat(report.lost()).as("sequence 5 lost in each group").isEqualTo(2);
    }

    @Test
    void should_hand_out_nothing_while_paused_and_go_on_when_resumed() throws InterruptedException {
        NanoClock clock = NanoClock.SYSTEM;
        ConsumerLoad load = ConsumerLoad.start(driver(Integer.MAX_VALUE, i -> stamped(i, clock.epochMicros()), () -> {
        }), spec(), clock);
        load.awaitRecords(100, Duration.ofSeconds(5));

        load.pause(true);
        Thread.sleep(200);   // the poll under way when the pause came may still hand out a message
        long atPause = load.stats().records();
        Thread.sleep(300);
        assertThat(load.stats().records()).isEqualTo(atPause);

        load.pause(false);
        assertThat(load.awaitRecords(atPause + 100, Duration.ofSeconds(5))).isTrue();
        load.finish(null);
    }
}
