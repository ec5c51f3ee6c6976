package io.mqprobe.ceilings.link;

import io.mqprobe.api.monitor.LinkRate;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

class NarrowLinksTest {

    private static final double SET = 25e6;   // 200 Mbit/s

    @Test
    void aLinkCarryingClearlyLessThanWhatWasSetIsNamedWithItsDirections() {
        List<String> found = NarrowLinks.find(List.of(new LinkRate("broker-1", 23.9e6, 23.8e6),
                new LinkRate("broker-2", 4.8e6, 23.7e6), new LinkRate("broker-3", 23.6e6, 24.0e6)), OptionalDouble.of(SET));

        assertThat(found).singleElement().asString()
                .startsWith("broker-2's link carried")
                .contains("in and", "out, well below the", "mqprobe set on it", "narrowed outside mqprobe");
    }

    @Test
    void tcpOverheadBelowTheRateIsNotANarrowing() {
        assertThat(NarrowLinks.find(List.of(new LinkRate("broker-1", 0.81 * SET, 0.95 * SET)), OptionalDouble.of(SET))).isEmpty();
    }

    @Test
    void withoutASetRateTheOtherLinksAreTheMeasure() {
        List<String> found = NarrowLinks.find(List.of(new LinkRate("broker-1", 110e6, 112e6),
                new LinkRate("broker-2", 108e6, 20e6)), OptionalDouble.empty());

        assertThat(found).singleElement().asString().startsWith("broker-2's link").contains("the other brokers' links");
        assertThat(NarrowLinks.find(List.of(new LinkRate("broker-1", 110e6, 112e6)), OptionalDouble.empty())).isEmpty();
    }
}
