package io.mqprobe.api.fault;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class FaultSpecTest {

    private final ObjectMapper json = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"kill:leader@10s", "stop:broker-2@5s+20s", "restart:controller@25s", "wipe:random@1m",
            "pause:broker-1@2s+1500ms", "partition:leader@10s+10s", "slow-disk:broker-3@0s+20s=5MB/s", "all-down@10s+15s"})
    void should_round_trip_every_kind_through_json_with_its_name(String text) throws Exception {
        FaultSpec fault = FaultSpec.parse(text);
        String written = json.writeValueAsString(fault);

        assertThat(written).contains("\"kind\":\"" + fault.kind() + "\"");
        assertThat(json.readValue(written, FaultSpec.class)).isEqualTo(fault);
    }

    @Test
    void should_read_start_duration_target_and_rate() {
        FaultSpec.SlowDisk slow = (FaultSpec.SlowDisk) FaultSpec.parse("slow-disk:broker-3@1m30s+20s=5MB/s");

        assertThat(slow.target()).isEqualTo(FaultTarget.broker(3));
        assertThat(slow.startMs()).isEqualTo(90_000);
        assertThat(slow.durationMs()).isEqualTo(20_000);
        assertThat(slow.writeBytesPerSecond()).isEqualTo(5_000_000);
        assertThat(slow.kind()).isEqualTo("slow-disk");
    }

    @Test
    void should_default_to_the_leader_at_the_start_and_all_brokers_for_all_down() {
        assertThat(FaultSpec.parse("kill")).isEqualTo(new FaultSpec.Kill(FaultTarget.LEADER, 0, 0));
        assertThat(FaultSpec.parse("all-down@5s").target()).isEqualTo(FaultTarget.ALL);
    }

    @ParameterizedTest
    @ValueSource(strings = {"explode:leader", "kill:broker-0", "kill:broker-x", "kill:somewhere", "kill@soon",
            "kill:leader=5MB/s", "kill:leader@10s+-3s", ""})
    void should_refuse_bad_faults_with_one_usage_line(String text) {
        assertThatThrownBy(() -> FaultSpec.parse(text)).isInstanceOf(UsageException.class)
                .hasMessageNotContaining("\n");
    }
}
