package io.mqprobe.load;

import io.mqprobe.stamp.NanoClock;
import io.mqprobe.stamp.MessageStamp;
import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageHandler;
import io.mqprobe.testing.NoClusterDriver;
import io.mqprobe.consume.ConsumerLoadSpec;
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

/** A step's consumers through the fleet, in this process and split over workers, on consumers without a broker. */
@Timeout(10)
class ConsumerFleetTest {

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

    /** The fleet over {@code workers} in-process workers of {@code driver}. */
    private static ConsumerFleet fleet(NoClusterDriver driver, ConsumerLoadSpec spec, int workers) {
        List<LoadWorker> all = java.util.stream.IntStream.range(0, workers)
                .mapToObj(i -> (LoadWorker) new InProcessWorker(driver, NanoClock.SYSTEM)).toList();
        ConsumerFleet fleet = ConsumerFleet.start(all, spec);
        fleet.begin();
        return fleet;
    }

    private static boolean await(ConsumerFleet fleet, long records) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (fleet.records() < records && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return fleet.records() >= records;
    }

    private static BitSet range(int from, int to) {
        BitSet bits = new BitSet();
        bits.set(from, to);
        return bits;
    }

    @Test
    void should_report_a_failed_consumer_as_a_failure_not_as_data_lost_by_the_cluster() throws InterruptedException {
        NanoClock clock = NanoClock.SYSTEM;
        ConsumerFleet fleet = fleet(driver(5, i -> stamped(i, clock.epochMicros()), () -> {
            throw new IllegalStateException("coordinator unavailable");
        }), spec(), 1);
        // finished before its consumer failed, the fleet would take the failure for one of stopping and leave it out
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!fleet.done() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(fleet.done()).as("the consumer thread ended on its failure").isTrue();

        ConsumerFleet.Finished finished = fleet.finish(Map.of(1L, range(0, 10)));

        assertThat(finished.failures()).containsExactly("IllegalStateException: coordinator unavailable");
        assertThat(finished.delivery().consumerFailure()).contains("coordinator unavailable");
        assertThat(finished.delivery().lost()).isZero();
        assertThat(finished.delivery().unread()).isEqualTo(5);
    }

    @Test
    void should_detect_and_report_a_producer_clock_ahead_of_the_consumers() throws InterruptedException {
        NanoClock clock = NanoClock.SYSTEM;
        // stamped 50 ms in the future: another host's clock runs ahead
        ConsumerFleet fleet = fleet(driver(20, i -> stamped(i, clock.epochMicros() + 50_000), () -> {
        }), spec(), 1);
        await(fleet, 20);
        fleet.finish(null);

        assertThat(fleet.clockAhead().messages()).isEqualTo(20);
        assertThat(fleet.clockAhead().maxAheadUs()).isBetween(1_000L, 50_000L);
        assertThat(fleet.snapshot(0).endToEnd().getTotalCount()).isZero();  // not recorded as 0 µs
    }

    @Test
    void should_check_each_consumer_group_on_its_own_as_every_group_reads_every_message() throws InterruptedException {
        NanoClock clock = NanoClock.SYSTEM;
        ConsumerLoadSpec twoGroups = new ConsumerLoadSpec(List.of("t"), "g", 1, 0, Duration.ofSeconds(5), Map.of(), 2);
        ConsumerFleet fleet = fleet(driver(5, i -> stamped(i, clock.epochMicros()), () -> {
        }), twoGroups, 1);
        await(fleet, 10);

        DeliveryReport report = fleet.finish(Map.of(1L, range(0, 6))).delivery();

        assertThat(report.received()).isEqualTo(10);
        assertThat(report.duplicates()).as("the same message in two groups is no duplicate").isZero();
        assertThat(report.lost()).as("sequence 5 lost in each group").isEqualTo(2);
    }

    @Test
    void should_check_a_group_split_over_workers_as_one_group() throws InterruptedException {
        // each consumer reads a partition of its own: consumer k the sequences k*50 .. k*50+49 of stream 1
        java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();
        NoClusterDriver partitioned = new NoClusterDriver() {
            @Override
            public MessageConsumer newConsumer(ClientSettings settings) {
                int partition = made.getAndIncrement();
                return new MessageConsumer() {
                    int next;

                    @Override
                    public void subscribe(Collection<String> topics) {
                    }

                    @Override
                    public void pause(boolean paused) {
                    }

                    @Override
                    public int poll(Duration timeout, MessageHandler handler) {
                        if (next < 50) {
                            handler.onMessage(partition, stamped(partition * 50L + next++, NanoClock.SYSTEM.epochMicros()));
                            return 1;
                        }
                        return 0;
                    }

                    @Override
                    public Map<Integer, Boolean> readToEnd() {
                        return Map.of(partition, next >= 50);
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        };
        ConsumerLoadSpec fourThreads = new ConsumerLoadSpec(List.of("t"), "g", 4, 200, Duration.ofSeconds(5), Map.of());
        ConsumerFleet fleet = fleet(partitioned, fourThreads, 2);
        assertThat(await(fleet, 200)).isTrue();
        assertThat(fleet.done()).as("the budget read over both workers").isTrue();

        DeliveryReport report = fleet.finish(Map.of(1L, range(0, 201))).delivery();

        assertThat(made.get()).as("two threads on each of two workers").isEqualTo(4);
        assertThat(report.received()).isEqualTo(200);
        assertThat(report.duplicates()).isZero();
        // checked per share, each would miss the other's 100 sequences; checked as one group only sequence 200 is lost
        assertThat(report.lost()).isEqualTo(1);
    }

    @Test
    void should_hand_out_nothing_while_paused_and_go_on_when_resumed() throws InterruptedException {
        NanoClock clock = NanoClock.SYSTEM;
        ConsumerFleet fleet = fleet(driver(Integer.MAX_VALUE, i -> stamped(i, clock.epochMicros()), () -> {
        }), spec(), 1);
        await(fleet, 100);

        fleet.pause(true);
        Thread.sleep(200);   // the poll under way when the pause came may still hand out a message
        long atPause = fleet.records();
        Thread.sleep(300);
        assertThat(fleet.records()).isEqualTo(atPause);

        fleet.pause(false);
        assertThat(await(fleet, atPause + 100)).isTrue();
        fleet.finish(null);
    }

    @Test
    void should_split_every_groups_threads_over_workers_and_keep_the_record_budget_whole() {
        ConsumerLoadSpec spec = new ConsumerLoadSpec(List.of("t"), "g", 5, 1_000, Duration.ofSeconds(5), Map.of(), 2);

        List<ConsumerLoadSpec> shares = spec.shares(3);

        assertThat(shares).extracting(ConsumerLoadSpec::threads).containsExactly(2, 2, 1);
        assertThat(shares).allSatisfy(s -> assertThat(s.groupIds()).containsExactly("g-0", "g-1"));
        assertThat(shares).as("the fleet stops the shares at the budget").allSatisfy(s -> assertThat(s.maxRecords()).isZero());
        assertThat(new ConsumerLoadSpec(List.of("t"), "g", 2, 0, Duration.ofSeconds(5), Map.of()).shares(8)).hasSize(2);
    }
}
