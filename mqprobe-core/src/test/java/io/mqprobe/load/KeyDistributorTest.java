package io.mqprobe.load;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class KeyDistributorTest {

    @Test
    void should_send_no_key_unless_asked() {
        assertThat(KeyDistributor.NO_KEY.key(0)).isNull();
        assertThat(KeyDistributor.NO_KEY.key(12_345)).isNull();
    }

    @Test
    void should_cycle_through_ten_thousand_distinct_keys_in_order() {
        Set<String> seen = new HashSet<>();
        for (long seq = 0; seq < KeyDistributor.DISTINCT; seq++) {
            byte[] key = KeyDistributor.KEY_ROUND_ROBIN.key(seq);
            assertThat(key).hasSize(10);    // 7 random bytes in URL-safe Base64, as OMB makes them
            seen.add(new String(key, StandardCharsets.US_ASCII));
        }
        assertThat(seen).hasSize(KeyDistributor.DISTINCT);
        // the cycle starts again, and the same instance comes back: nothing is allocated per message
        assertThat(KeyDistributor.KEY_ROUND_ROBIN.key(KeyDistributor.DISTINCT)).isSameAs(KeyDistributor.KEY_ROUND_ROBIN.key(0));
    }

    @Test
    void should_draw_random_keys_from_the_same_set() {
        Set<byte[]> pool = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (long seq = 0; seq < KeyDistributor.DISTINCT; seq++) {
            pool.add(KeyDistributor.KEY_ROUND_ROBIN.key(seq));
        }
        Set<byte[]> drawn = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int i = 0; i < 2_000; i++) {
            byte[] key = KeyDistributor.RANDOM_NANO.key(i);
            assertThat(pool).contains(key);
            drawn.add(key);
        }
        assertThat(drawn.size()).as("different keys over 2,000 draws").isGreaterThan(10);
    }
}
