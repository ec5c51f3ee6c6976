package io.mqprobe.probe;

import io.mqprobe.api.UsageException;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.result.ResultJson;
import io.mqprobe.search.Thresholds;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProbeSettingsTest {

    @Test
    void should_round_trip_ramp_plans_and_probe_settings() throws Exception {
        RampPlan ramp = new RampPlan(Duration.ofSeconds(2), Duration.ofSeconds(5), 8, 6, List.of(0.25, 0.5, 0.8));
        ProbeSettings settings = new ProbeSettings(1024, 6, new PayloadSpec.Random(), Map.of("batch.size", "1"), ramp,
                Thresholds.defaults().withSloP99(Duration.ofMillis(50)));

        assertThat(ResultJson.MAPPER.readValue(ResultJson.MAPPER.writeValueAsString(ramp), RampPlan.class)).isEqualTo(ramp);
        assertThat(ResultJson.MAPPER.readValue(ResultJson.MAPPER.writeValueAsString(settings), ProbeSettings.class)).isEqualTo(settings);
    }

    @Test
    void should_ramp_clients_finely_at_first_then_coarsely() {
        assertThat(new RampPlan(Duration.ZERO, Duration.ofSeconds(5), 8, 10, RampPlan.DEFAULT_FRACTIONS).clientSteps()).containsExactly(1, 2, 3, 4, 6, 8);
        assertThat(new RampPlan(Duration.ZERO, Duration.ofSeconds(5), 32, 10, RampPlan.DEFAULT_FRACTIONS).clientSteps())
                .containsExactly(1, 2, 3, 4, 6, 9, 13, 19, 28, 32);
        assertThat(new RampPlan(Duration.ZERO, Duration.ofSeconds(5), 8, 3, RampPlan.DEFAULT_FRACTIONS).clientSteps()).containsExactly(1, 2, 3);
        assertThatThrownBy(() -> new RampPlan(Duration.ZERO, Duration.ofSeconds(5), 0, 3, RampPlan.DEFAULT_FRACTIONS)).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> new RampPlan(Duration.ZERO, Duration.ofSeconds(5), 4, 3, List.of(0.8, 0.5)))
                .isInstanceOf(UsageException.class).hasMessageContaining("ascending");
    }
}
