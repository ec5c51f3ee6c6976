package io.mqprobe.probe;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.api.profile.ProcessProfile;
import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.result.StepResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A broker cost the paced rate barely moved, from planted paced steps: told as per request only when it is. */
class RequestCostTest {

    private static final LatencySummary LATENCY = new LatencySummary(1_000, 2_000, 3_000, 4_000, 5_000, 1_200, 1000);

    /** A paced step at {@code rate} msgs/s, broker-1 at {@code cores} of a 0.3-core quota, its producer at {@code perRequest}. */
    private static StepResult paced(int index, double rate, double cores, double perRequest) {
        return new StepResult(index, 1, rate, "2026-12-04T16:42:00Z", 2_000, 4_000, (long) rate * 4, (long) rate * 4096,
                rate, rate * 1024, Map.of(), LATENCY, LATENCY, LATENCY, null, null,
                List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, cores, cores, 0.3),
                        new ResourceUsage("broker-2", Metric.CPU_CORES, 0.02, 0.03, 0.3)),
                Map.of(RequestCost.RECORDS_PER_REQUEST, perRequest));
    }

    /** Series S's run 1, single (2026-12-04 16:42): 168-173 requests a second while broker-1's cores barely rose. */
    private static final List<StepResult> FLAT_AT_STILL_REQUESTS = List.of(paced(5, 35_471, 0.183, 208),
            paced(6, 70_873, 0.223, 417), paced(7, 113_399, 0.238, 653), paced(8, 86_250, 0.223, 512),
            paced(9, 99_890, 0.23, 590), paced(10, 88_238, 0.229, 511));

    @Test
    void should_tell_a_cost_the_rate_barely_moved_at_a_still_request_rate_as_paid_per_request() {
        Optional<String> line = RequestCost.of(FLAT_AT_STILL_REQUESTS, FLAT_AT_STILL_REQUESTS.get(5));

        assertThat(line).hasValueSatisfying(text -> assertThat(text)
                .startsWith("broker-1's CPU rose 0.05 cores from 35,471 msgs/s to 113,399 msgs/s (to 0.24, on the line")
                .contains("where a cost per record rises 0.17")
                .contains("sent 168-174 requests a second at every rate (records per request 208 → 653)")
                .contains("not per record")
                .contains("linger.ms"));
    }

    @Test
    void should_say_nothing_when_the_requests_grew_with_the_rate() {
        // the same cores, but each request carried as many records at every rate: the request rate grew threefold
        List<StepResult> growing = FLAT_AT_STILL_REQUESTS.stream()
                .map(s -> paced(s.index(), s.recordsPerSecond(), s.resources().get(0).mean(), 500)).toList();

        assertThat(RequestCost.of(growing, growing.get(5))).isEmpty();
    }

    @Test
    void should_say_nothing_when_the_cost_followed_the_rate() {
        // cores in proportion to the rate, requests still: a cost per record
        List<StepResult> proportional = FLAT_AT_STILL_REQUESTS.stream()
                .map(s -> paced(s.index(), s.recordsPerSecond(), 0.25 * s.recordsPerSecond() / 113_399,
                        s.clientMetrics().get(RequestCost.RECORDS_PER_REQUEST))).toList();

        assertThat(RequestCost.of(proportional, proportional.get(5))).isEmpty();
    }

    @Test
    void should_say_nothing_over_rates_too_close_or_steps_too_few() {
        List<StepResult> close = List.of(paced(5, 80_000, 0.22, 470), paced(6, 90_000, 0.225, 530), paced(7, 100_000, 0.23, 590));
        assertThat(RequestCost.of(close, close.get(2))).as("rates within 1.5× of each other").isEmpty();
        List<StepResult> two = FLAT_AT_STILL_REQUESTS.subList(0, 2);
        assertThat(RequestCost.of(two, two.get(1))).as("two steps").isEmpty();
    }

    @Test
    void should_reach_the_advice_of_the_scenario_through_the_step_that_failed_the_sustainable_load() {
        StepResult failing = FLAT_AT_STILL_REQUESTS.get(5);
        CpuProfiles profiles = new CpuProfiles() {
            @Override
            public List<ProcessProfile> over(List<Window> windows) {
                return List.of(new ProcessProfile("broker-1", 300, List.of(new ProcessProfile.Part("request handling", 1.0)),
                        List.of(), List.of(), null));
            }

            @Override
            public Map<String, String> folded(Window window) {
                return Map.of();
            }
        };

        var why = WhyItBinds.of(profiles, List.of(), List.of(failing), List.of(),
                new WhyItBinds.FailingStep(failing, "broker-1 CPU 76 % > 75 %", FLAT_AT_STILL_REQUESTS)).orElseThrow();

        assertThat(why.advice()).anyMatch(a -> a.startsWith("broker-1's CPU rose") && a.contains("paid per request"));
    }
}
