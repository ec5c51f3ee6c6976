package io.mqprobe.api.monitor;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Sources are written and read back in one spelling: a broker, a load worker, a remote broker's machine. */
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

    @Test
    void should_tell_load_generators_and_machines_from_processes_by_the_names_it_wrote() {
        assertThat(Sources.worker("local-1")).isEqualTo("client:local-1");
        assertThat(Sources.workerName(Sources.worker("local-1"))).hasValue("local-1");
        assertThat(Sources.workerName(Sources.CLIENT)).isEmpty();
        assertThat(Sources.workerName(null)).isEmpty();
        assertThat(Sources.nodeOf(Sources.broker(2))).isEqualTo("node-of-broker-2");
        assertThat(Sources.isLoadGenerator(Sources.CLIENT)).isTrue();
        assertThat(Sources.isLoadGenerator(Sources.worker("local-1"))).isTrue();
        assertThat(Sources.isMachine(Sources.HOST)).isTrue();
        assertThat(Sources.isMachine(Sources.nodeOf(Sources.broker(2)))).isTrue();
        for (String process : new String[] {Sources.broker(2), "clients", null}) {
            assertThat(Sources.isLoadGenerator(process)).as(String.valueOf(process)).isFalse();
            assertThat(Sources.isMachine(process)).as(String.valueOf(process)).isFalse();
        }
        assertThat(Sources.isMachine(Sources.CLIENT)).isFalse();
        assertThat(Sources.isLoadGenerator(Sources.nodeOf(Sources.broker(2)))).isFalse();
    }
}
