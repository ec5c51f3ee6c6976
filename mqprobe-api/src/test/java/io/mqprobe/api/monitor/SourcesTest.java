package io.mqprobe.api.monitor;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Broker names are written and read back in one spelling; anything else is no broker. */
class SourcesTest {

    @Test
    void should_read_back_the_id_of_a_broker_name_it_wrote() {
        assertThat(Sources.broker(12)).isEqualTo("broker-12");
        assertThat(Sources.isBroker(Sources.broker(12))).isTrue();
        assertThat(Sources.brokerId(Sources.broker(12))).hasValue(12);
    }

    @Test
    void should_name_no_broker_for_the_client_the_host_a_worker_or_a_malformed_name() {
        for (String source : new String[] {Sources.CLIENT, Sources.HOST, Sources.CLUSTER, "client:w1", "broker-x", "broker-"}) {
            assertThat(Sources.brokerId(source)).as(source).isEmpty();
        }
        assertThat(Sources.isBroker(Sources.CLIENT)).isFalse();
        assertThat(Sources.isBroker(null)).isFalse();
    }
}
