package io.mqprobe.soak;

import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageHandler;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.stamp.MessageStamp;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The catch-up group reads as far behind as it was asked, 20 records a millisecond; and a partition whose next record
 * is too young holds up only itself, not the partitions behind it (a Kafka consumer hands out one partition's fetched
 * records before the next's).
 */
class CatchUpReaderTest {

    @Test
    void should_read_at_the_lag_asked_while_the_log_grows_by_20_records_a_millisecond() throws InterruptedException {
        List<ResourceSample> samples = new CopyOnWriteArrayList<>();
        CatchUpReader reader = CatchUpReader.start(new GrowingLog(20_000, 0, true), "t", "g", Duration.ofSeconds(1),
                Duration.ZERO, Duration.ofSeconds(6), samples::add);
        Thread.sleep(5_500);
        reader.close();

        assertThat(reader.failure()).isNull();
        // past its first seconds (a new group starts at the oldest record, as young as the log) it reads 1 s behind
        assertThat(values(samples, Metric.GROUP_LAG_SECONDS).skip(2).toList())
                .isNotEmpty().allSatisfy(lag -> assertThat(lag).isBetween(0.95, 1.2));
        assertThat(values(samples, Metric.GROUP_READ_BPS).skip(2).mapToDouble(Double::doubleValue).average().orElse(0))
                .as("bytes/s read, at the log's 20,000 × 64 B").isGreaterThan(0.9 * 20_000 * 64);
    }

    @Test
    void should_read_a_partition_behind_while_the_one_handed_out_first_is_too_young() throws InterruptedException {
        // partition 0 is handed out first and is young; partition 1 holds 5 s of records older than the lag of 2 s
        List<ResourceSample> samples = new CopyOnWriteArrayList<>();
        CatchUpReader reader = CatchUpReader.start(new GrowingLog(10_000, 7_000_000, true), "t", "g", Duration.ofSeconds(2),
                Duration.ZERO, Duration.ofSeconds(5), samples::add);
        Thread.sleep(4_500);
        reader.close();

        assertThat(reader.failure()).isNull();
        List<Double> reads = values(samples, Metric.GROUP_READ_BPS).toList();
        // waiting on partition 0's first record as a whole, it read nothing for its first 2 s
        assertThat(reads.get(0)).as("bytes/s read in the first second, by second: %s", reads).isGreaterThan(10_000 * 64.0);
        assertThat(values(samples, Metric.GROUP_LAG_SECONDS).skip(3).toList())
                .as("once partition 1's backlog is read, both partitions 2 s behind").isNotEmpty()
                .allSatisfy(lag -> assertThat(lag).isBetween(1.95, 2.3));
    }

    private static java.util.stream.Stream<Double> values(List<ResourceSample> samples, String metric) {
        return samples.stream().filter(s -> s.metric().equals(metric)).map(ResourceSample::value);
    }

    /**
     * Partitions written at a steady rate each, partition 0 since it was made and partition 1 since {@code backlogUs}
     * before (a second partition only when that is above 0); each poll hands out what was written since the last one,
     * partition 0's records first, 500 at most, none of a paused partition's.
     */
    private static final class GrowingLog implements MessageConsumer {

        private final double perMicro;
        private final long[] bornUs;
        private final long[] position;
        private final boolean[] paused;
        private final boolean pausable;

        GrowingLog(double perSecond, long backlogUs, boolean pausable) {
            long now = System.currentTimeMillis() * 1_000;
            this.perMicro = perSecond / 1e6;
            this.bornUs = backlogUs > 0 ? new long[]{now, now - backlogUs} : new long[]{now};
            this.position = new long[bornUs.length];
            this.paused = new boolean[bornUs.length];
            this.pausable = pausable;
        }

        @Override
        public void subscribe(Collection<String> topics) {
        }

        @Override
        public int poll(Duration timeout, MessageHandler handler) {
            int handed = 0;
            for (int p = 0; p < bornUs.length; p++) {
                long written = (long) ((System.currentTimeMillis() * 1_000 - bornUs[p]) * perMicro);
                for (; !paused[p] && position[p] < written && handed < 500; position[p]++, handed++) {
                    byte[] value = new byte[64];
                    MessageStamp.write(value, 1, position[p], bornUs[p] + (long) (position[p] / perMicro));
                    handler.onMessage(p, value);
                }
            }
            if (handed == 0) {
                try {
                    Thread.sleep(Math.min(timeout.toMillis(), 5));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return handed;
        }

        @Override
        public void pause(boolean paused) {
        }

        @Override
        public boolean pausePartition(int partition, boolean pause) {
            paused[partition] = pausable && pause;
            return pausable;
        }

        @Override
        public void close() {
        }
    }
}
