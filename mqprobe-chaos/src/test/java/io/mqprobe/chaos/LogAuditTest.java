package io.mqprobe.chaos;

import io.mqprobe.api.ClientSettings;
import io.mqprobe.api.MessageConsumer;
import io.mqprobe.api.MessageHandler;
import io.mqprobe.stamp.MessageStamp;
import io.mqprobe.testing.NoClusterDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.BitSet;
import java.util.Collection;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class LogAuditTest {

    private static final Map<Long, BitSet> ACKED_0_TO_9 = Map.of(1L, bits(10));

    @Test
    void should_find_a_planted_loss_after_the_end_offsets_first_failed() {
        // the log lacks sequence 5, and the broker does not answer for its end offsets twice (it has just come back)
        LogAudit.Result result = new LogAudit(driver(new long[] {0, 1, 2, 3, 4, 6, 7, 8, 9}, 2, true), "t", 1, 5_000)
                .check(ACKED_0_TO_9);

        assertThat(result.proves()).as(result.inconclusive()).isTrue();
        assertThat(result.report().lost()).isEqualTo(1);
    }

    @Test
    void should_call_the_topic_unreadable_with_the_last_failure_when_the_end_offsets_never_answer() {
        LogAudit.Result result = new LogAudit(driver(new long[] {0, 1, 2}, Integer.MAX_VALUE, true), "t", 1, 600)
                .check(ACKED_0_TO_9);

        assertThat(result.proves()).isFalse();
        assertThat(result.unreadable()).isTrue();
        assertThat(result.inconclusive()).isEqualTo("reading the topic again failed: no offsets yet");
    }

    @Test
    void should_be_inconclusive_but_not_unreadable_when_the_client_cannot_tell_where_the_topic_ends() {
        LogAudit.Result result = new LogAudit(driver(new long[] {0, 1, 2}, 0, false), "t", 1, 600).check(ACKED_0_TO_9);

        assertThat(result.proves()).isFalse();
        assertThat(result.unreadable()).as("the cluster served every read").isFalse();
        assertThat(result.inconclusive()).contains("cannot tell");
    }

    private static BitSet bits(int count) {
        BitSet bits = new BitSet();
        bits.set(0, count);
        return bits;
    }

    /**
     * One partition holding stream 1's {@code sequences}; its end-offset look-up fails the first {@code failures} times,
     * and answers nothing at all when the client does not {@code tellsEnd}.
     */
    private static NoClusterDriver driver(long[] sequences, int failures, boolean tellsEnd) {
        return new NoClusterDriver() {
            @Override
            public MessageConsumer newConsumer(ClientSettings settings) {
                return new MessageConsumer() {
                    int next;
                    int failed;

                    @Override
                    public void subscribe(Collection<String> topics) {
                    }

                    @Override
                    public void pause(boolean paused) {
                    }

                    @Override
                    public int poll(Duration timeout, MessageHandler handler) {
                        if (next == sequences.length) {
                            return 0;
                        }
                        byte[] value = new byte[MessageStamp.SIZE_BYTES];
                        MessageStamp.write(value, 1, sequences[next++], 0);
                        handler.onMessage(0, value);
                        return 1;
                    }

                    @Override
                    public Map<Integer, Boolean> readToEnd() {
                        if (failed < failures) {
                            failed++;
                            throw new IllegalStateException("no offsets yet");
                        }
                        return tellsEnd ? Map.of(0, next == sequences.length) : Map.of();
                    }

                    @Override
                    public Map<Integer, Long> startOffsets() {
                        return Map.of(0, 0L);
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        };
    }
}
