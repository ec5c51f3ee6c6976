package io.mqprobe.search;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class ThresholdsTest {

    @Test
    void should_default_to_the_thresholds_of_the_method() {
        Thresholds t = Thresholds.defaults();

        assertThat(t.cpuPct()).isEqualTo(75);
        assertThat(t.iowaitPct()).isEqualTo(40);
        assertThat(t.nicPct()).isEqualTo(80);
        assertThat(t.diskPct()).isEqualTo(80);
        assertThat(t.plateauSteps()).isEqualTo(2);
    }

    @Test
    void should_call_a_process_at_its_limit_at_its_saturation_or_near_it_with_its_quota_running_out_often() {
        assertThat(Thresholds.processAtLimit(85, null)).isTrue();
        assertThat(Thresholds.processAtLimit(84, null)).isFalse();
        // replicated-all's brokers at 83 % of their quotas, throttled in 42 % of their periods
        assertThat(Thresholds.processAtLimit(83, 0.42)).isTrue();
        assertThat(Thresholds.processAtLimit(83, 0.20)).isFalse();
        assertThat(Thresholds.processAtLimit(74, 0.90)).as("too far below its saturation").isFalse();
    }

    @Test
    void should_replace_only_the_slo() {
        Thresholds t = Thresholds.defaults().withSloP99(Duration.ofMillis(50));

        assertThat(t.sloP99()).isEqualTo(Duration.ofMillis(50));
        assertThat(t).isEqualTo(new Thresholds(75, 40, 80, 80, Duration.ofMillis(50), 5, 2, 0.001));
    }

    @Test
    void should_reject_percentages_outside_zero_to_one_hundred() {
        assertThatThrownBy(() -> new Thresholds(120, 40, 80, 80, Duration.ofMillis(200), 5, 2, 0.001))
                .isInstanceOf(UsageException.class).hasMessage("CPU threshold must be above 0 and at most 100 %, got 120.0");
        assertThatThrownBy(() -> new Thresholds(75, 0, 80, 80, Duration.ofMillis(200), 5, 2, 0.001))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("iowait threshold");
        assertThatThrownBy(() -> new Thresholds(75, 40, Double.NaN, 80, Duration.ofMillis(200), 5, 2, 0.001))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("NIC threshold");
        assertThatThrownBy(() -> new Thresholds(75, 40, 80, -1, Duration.ofMillis(200), 5, 2, 0.001))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("disk threshold");
        assertThatThrownBy(() -> new Thresholds(75, 40, 80, 80, Duration.ofMillis(200), 0, 2, 0.001))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("plateau gain");
    }

    @Test
    void should_reject_a_slo_that_is_not_positive() {
        assertThatThrownBy(() -> Thresholds.defaults().withSloP99(Duration.ZERO)).isInstanceOf(UsageException.class)
                .hasMessage("p99 SLO must be positive, got 0 ms");
        assertThatThrownBy(() -> Thresholds.defaults().withSloP99(Duration.ofMillis(-5))).isInstanceOf(UsageException.class);
    }

    @Test
    void should_reject_plateau_steps_and_error_ratio_out_of_range() {
        assertThatThrownBy(() -> new Thresholds(75, 40, 80, 80, Duration.ofMillis(200), 5, 0, 0.001))
                .isInstanceOf(UsageException.class).hasMessage("plateau steps must be between 1 and 10, got 0");
        assertThatThrownBy(() -> new Thresholds(75, 40, 80, 80, Duration.ofMillis(200), 5, 11, 0.001)).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> new Thresholds(75, 40, 80, 80, Duration.ofMillis(200), 5, 2, 1))
                .isInstanceOf(UsageException.class).hasMessage("max error ratio must be at least 0 and below 1, got 1.0");
        assertThatThrownBy(() -> new Thresholds(75, 40, 80, 80, Duration.ofMillis(200), 5, 2, -0.1)).isInstanceOf(UsageException.class);
    }

    @Test
    void should_accept_the_edges_of_each_range() {
        Thresholds edges = new Thresholds(100, 100, 100, 100, Duration.ofNanos(1_000), 100, 10, 0);

        assertThat(edges.plateauSteps()).isEqualTo(10);
        assertThat(edges.maxErrorRatio()).isZero();
    }

    @Test
    void should_record_but_not_judge_latency_without_an_slo() {
        Thresholds unjudged = Thresholds.defaults().withoutLatencyJudgement();
        assertThat(unjudged.judgesLatency()).isFalse();
        assertThat(Thresholds.defaults().judgesLatency()).isTrue();
        java.util.List<StepMeasurement> steps = java.util.List.of(StepBuilder.step(0, 10_000).p99Ms(5_000).build());
        assertThat(VerdictFinder.find(steps, unjudged, "max steps").sustainable()).isNotNull();
        assertThat(VerdictFinder.find(steps, unjudged, "max steps").bottleneck().evidence())
                .anyMatch(e -> e.contains("unthrottled, not judged"));
    }

    @Test
    void should_keep_the_slo_in_milliseconds_in_json_and_read_it_back() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Thresholds t = Thresholds.defaults().withSloP99(Duration.ofMillis(150));

        String written = json.writeValueAsString(t);
        assertThat(written).isEqualTo("{\"cpuPct\":75.0,\"iowaitPct\":40.0,\"nicPct\":80.0,\"diskPct\":80.0,\"sloP99Ms\":150.0,"
                + "\"plateauGainPct\":5.0,\"plateauSteps\":2,\"maxErrorRatio\":0.001}");
        assertThat(json.readValue(written, Thresholds.class)).isEqualTo(t);
        assertThat(json.readValue(written.replace("150.0", "0.5"), Thresholds.class).sloP99()).isEqualTo(Duration.ofMillis(1).dividedBy(2));
    }
}
