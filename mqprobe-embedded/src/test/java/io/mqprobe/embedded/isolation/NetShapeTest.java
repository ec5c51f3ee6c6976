package io.mqprobe.embedded.isolation;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NetShapeTest {

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_parse_a_rate_in_bits_and_an_optional_delay() {
        assertThat(NetShape.parse("200mbit")).isEqualTo(new NetShape(200_000_000, 0));
        assertThat(NetShape.parse("1gbit,5ms")).isEqualTo(new NetShape(1_000_000_000, 5));
        assertThat(NetShape.parse("1gbit,5ms").toString()).isEqualTo("1gbit,5ms");
        assertThat(NetShape.parse("80mbit").tcRate()).isEqualTo("80000kbit");
        assertThatThrownBy(() -> NetShape.parse("fast")).isInstanceOf(UsageException.class).hasMessageContaining("RATE[,DELAY]");
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_take_a_link_of_its_own_without_a_rate_only_when_asked_for_by_name() {
        assertThat(NetShape.parse("unshaped")).isEqualTo(NetShape.UNSHAPED);
        assertThat(NetShape.UNSHAPED.shaped()).isFalse();
        assertThat(NetShape.parse(NetShape.UNSHAPED.toString())).as("a cluster's saved state reads back").isEqualTo(NetShape.UNSHAPED);
        assertThat(NetShape.parse("200mbit").shaped()).isTrue();
        assertThatThrownBy(() -> NetShape.parse("0mbit")).isInstanceOf(UsageException.class).hasMessageContaining("at least 1mbit");
        assertThatThrownBy(() -> new NetShape(0, 5)).isInstanceOf(UsageException.class);
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void should_name_links_within_fifteen_characters_and_find_their_owner_again() {
        String ifTag = BrokerNetwork.ifTag("mqprobe-4194303-k9");

        assertThat((ifTag + "br").length()).isLessThanOrEqualTo(15);
        assertThat(StaleIsolation.linkOwner(ifTag + "v3")).hasValue(4194303);
        assertThat(StaleIsolation.linkOwner(BrokerNetwork.ifTag("mqprobe-17712-k0") + "br")).hasValue(17712);
        assertThat(StaleIsolation.linkOwner("eth0")).isEmpty();
    }
}
