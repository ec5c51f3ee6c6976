package io.mqprobe.embedded;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/** Ports a node keeps across restarts come from outside the range outgoing connections take their local ports from. */
class FreePortsTest {

    @Test
    void should_pick_distinct_ports_below_the_ephemeral_range() {
        int ephemeral = FreePorts.ephemeralStart();
        assumeThat(ephemeral).as("a Linux kernel that says its ephemeral range").isGreaterThan(FreePorts.LOWEST + 1000);

        int[] ports = FreePorts.allocate(20);

        assertThat(Arrays.stream(ports).distinct().count()).isEqualTo(20);
        assertThat(Arrays.stream(ports).boxed().toList())
            .allSatisfy(p -> assertThat(p).isGreaterThanOrEqualTo(FreePorts.LOWEST).isLessThan(ephemeral));
    }
}
