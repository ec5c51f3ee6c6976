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
 * The catch-up group reads as far behind as it was asked, 20 records a millisecond, when its thread has the CPU: a soak
 * whose catch-up line reads further behind than asked had a reader short of CPU (mqprobe at its quota), not a reader
 * that cannot keep its lag.
 */
class CatchUpReaderTest {

    @Test
    void should_read_at_the_lag_asked_while_the_log_grows_by_20_records_a_millisecond() throws InterruptedException {
        List<ResourceSample> samples = new CopyOnWriteArrayList<>();
        CatchUpReader reader = CatchUpReader.start(new GrowingLog(20_000), "t", "g", Duration.ofSeconds(1), Duration.ZERO,
                Duration.ofSeconds(6), samples::add);
        Thread.sleep(5_500);
        reader.close();

        assertThat(reader.failure()).isNull();
        // past its first seconds (a new group starts at the oldest record, as young as the log) it reads 1 s behind
        List<Double> lags = samples.stream().filter(s -> s.metric().equals(Metric.GROUP_LAG_SECONDS)).skip(2)
                .map(ResourceSample::value).toList();
        assertThat(lags).isNotEmpty().allSatisfy(lag -> assertThat(lag).isBetween(0.95, 1.2));
        assertThat(samples.stream().filter(s -> s.metric().equals(Metric.GROUP_READ_BPS)).skip(2)
                .mapToDouble(ResourceSample::value).average().orElse(0)).as("bytes/s read, at the log's 20,000 × 64 B")
                .isGreaterThan(0.9 * 20_000 * 64);
    }

    /** A partition written at a steady rate since it was made: each poll hands out what was written since the last one. */
    private static final class GrowingLog implements MessageConsumer {

        private final double perMicro;
        private final long bornUs = System.currentTimeMillis() * 1_000;
        private long position;

        GrowingLog(double perSecond) {
            this.perMicro = perSecond / 1e6;
        }

        @Override
        public void subscribe(Collection<String> topics) {
        }

        @Override
        public int poll(Duration timeout, MessageHandler handler) {
            long written = (long) ((System.currentTimeMillis() * 1_000 - bornUs) * perMicro);
            int handed = 0;
            for (; position < written && handed < 500; position++, handed++) {
                byte[] value = new byte[64];
                MessageStamp.write(value, 1, position, bornUs + (long) (position / perMicro));
                handler.onMessage(0, value);
            }
            return handed;
        }

        @Override
        public void pause(boolean paused) {
        }

        @Override
        public void close() {
        }
    }
}
