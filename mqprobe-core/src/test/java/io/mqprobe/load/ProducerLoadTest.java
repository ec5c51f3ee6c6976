package io.mqprobe.load;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.MessageProducer;
import io.mqprobe.api.SendCallback;
import io.mqprobe.testing.NoClusterDriver;
import io.mqprobe.stats.SendStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class ProducerLoadTest {

    private final FakeClock clock = new FakeClock();

    /** Producers that take 2 s to construct and 1 s to fetch metadata, then acknowledge in 100 µs. */
    private class SlowStartDriver extends NoClusterDriver {


        @Override
        public MessageProducer newProducer(ClientSettings settings) {
            clock.advance(2_000_000_000L);
            return new MessageProducer() {
                @Override
                public void awaitMetadata(String topic) {
                    clock.advance(1_000_000_000L);
                }

                @Override
                public void send(String topic, byte[] value, long token, SendCallback callback) {
                    clock.advance(100_000);
                    callback.onSendComplete(token, null);
                }

                @Override
                public void flush() {
                }

                @Override
                public void close() {
                }
            };
        }




    }

    @Test
    void should_start_the_schedule_once_the_producers_are_ready() {
        ProducerLoadSpec spec = new ProducerLoadSpec("t", 1, 1, true, 100, 100, 20, Duration.ofSeconds(30),
                new PayloadSpec.Random(), Map.of(), false);
        ProducerLoad load = ProducerLoad.start(new SlowStartDriver(), spec, clock, 1);
        // finish() stops the senders at once: on a loaded machine they may not have sent their share yet
        while (!load.sendingDone()) {
            Thread.onSpinWait();
        }
        load.finish(Duration.ofSeconds(5));

        SendStats.Snapshot s = load.stats().snapshot(0);
        assertThat(s.acked()).isEqualTo(20);
        // construction (2 s) and the metadata fetch (1 s) are not latency of any message
        assertThat(s.corrected().getMaxValue()).isLessThan(1_000);
        assertThat(s.sendDelay().getMaxValue()).isLessThan(1_000);
    }
}
