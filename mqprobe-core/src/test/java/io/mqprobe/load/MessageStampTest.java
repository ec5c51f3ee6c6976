package io.mqprobe.load;

import io.mqprobe.stamp.MessageStamp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(5)
class MessageStampTest {

    @Test
    void should_round_trip_extreme_values() {
        byte[] body = new byte[64];
        MessageStamp.write(body, -1L, Long.MAX_VALUE, 1_763_767_805_123_456L);
        assertThat(MessageStamp.isStamped(body)).isTrue();
        assertThat(MessageStamp.streamId(body)).isEqualTo(-1L);
        assertThat(MessageStamp.sequence(body)).isEqualTo(Long.MAX_VALUE);
        assertThat(MessageStamp.sendEpochMicros(body)).isEqualTo(1_763_767_805_123_456L);
    }

    @Test
    void should_not_take_foreign_or_short_messages_for_stamped_ones() {
        assertThat(MessageStamp.isStamped(new byte[64])).isFalse();
        assertThat(MessageStamp.isStamped(new byte[4])).isFalse();
        assertThat(MessageStamp.isStamped(null)).isFalse();
    }
}
