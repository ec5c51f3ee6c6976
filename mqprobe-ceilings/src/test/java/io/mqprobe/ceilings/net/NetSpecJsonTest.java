package io.mqprobe.ceilings.net;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class NetSpecJsonTest {

    private final ObjectMapper json = new ObjectMapper();

    @Test
    void should_round_trip_spec_limits_and_result_through_json() throws Exception {
        NetClientSpec spec = NetClientSpec.of("127.0.0.1", 5301, 8, Duration.ofSeconds(10), true).withOmit(Duration.ofMillis(1500));
        NetServerLimits limits = new NetServerLimits(16, Duration.ofMinutes(2), true, Duration.ofSeconds(30));
        NetResult result = new NetResult("127.0.0.1:5301", 2, false, 500, 1000, List.of(new NetInterval(0, 1000, 5, 5.0)),
                10, 10.0, 9, 9.0, List.of(4L, 5L));

        assertThat(json.readValue(json.writeValueAsString(spec), NetClientSpec.class)).isEqualTo(spec);
        assertThat(json.readValue(json.writeValueAsString(limits), NetServerLimits.class)).isEqualTo(limits);
        assertThat(json.readValue(json.writeValueAsString(result), NetResult.class)).isEqualTo(result);
    }

    @Test
    void should_refuse_out_of_range_client_specs() {
        assertThatThrownBy(() -> NetClientSpec.of("h", 5301, 0, Duration.ofSeconds(1), false)).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> NetClientSpec.of("h", 5301, 129, Duration.ofSeconds(1), false)).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> NetClientSpec.of("h", 0, 1, Duration.ofSeconds(1), false)).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> NetClientSpec.of("h", 5301, 1, Duration.ofMillis(5), false)).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> NetClientSpec.of(" ", 5301, 1, Duration.ofSeconds(1), false)).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> NetClientSpec.of("h", 5301, 1, Duration.ofSeconds(1), false).withOmit(Duration.ofMinutes(2)))
                .isInstanceOf(UsageException.class).hasMessageContaining("--omit");
    }
}
