package io.mqprobe.probe;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.StepIntent;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.PlantedStepResult;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.SustainableSearch;
import io.mqprobe.search.Thresholds;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A broker cost the paced rate barely moved, from planted paced steps: told as per request only when it is. */
class RequestCostTest {


    /** A paced step at {@code rate} msgs/s, broker-1 at {@code cores} of a 0.3-core quota, its producer at {@code perRequest}. */
    private static StepResult paced(int index, double rate, double cores, double perRequest) {
        return PlantedStepResult.of(index, 1, rate, "2026-12-04T16:42:00Z", 2_000, 4_000, rate,
                List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, cores, cores, 0.3),
                        new ResourceUsage("broker-2", Metric.CPU_CORES, 0.02, 0.03, 0.3)),
                Map.of(StepResult.RECORDS_PER_REQUEST, perRequest));
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
                        s.clientMetrics().get(StepResult.RECORDS_PER_REQUEST))).toList();

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
    void should_follow_the_sustainable_load_it_moves_without_a_profile() {
        ProbeVerdict flat = judged(FLAT_AT_STILL_REQUESTS);

        assertThat(flat.findings().sustainable()).as("the judge ran without profiles").isNotNull();
        assertThat(flat.findings().sustainable().limitedBy()).startsWith("broker-1 CPU")
                .contains("; broker-1's CPU rose").contains("paid per request");
        // the same search over a cost that followed the rate: the limit stands alone
        List<StepResult> proportional = FLAT_AT_STILL_REQUESTS.stream()
                .map(s -> paced(s.index(), s.recordsPerSecond(), 0.25 * s.recordsPerSecond() / 100_000,
                        s.clientMetrics().get(StepResult.RECORDS_PER_REQUEST))).toList();
        assertThat(judged(proportional).findings().sustainable().limitedBy()).startsWith("broker-1 CPU")
                .doesNotContain("paid per request");
    }

    /** Judged as a probe: three unthrottled steps at broker-1's quota (the ceiling), then {@code paced} as its search. */
    private static ProbeVerdict judged(List<StepResult> paced) {
        List<MeasuredStep> steps = new ArrayList<>();
        double[] ramp = {150_000, 200_000, 201_000};
        for (int i = 0; i < ramp.length; i++) {
            StepResult result = PlantedStepResult.of(i + 1, i + 1, null, "2026-12-04T16:40:00Z", 2_000, 4_000, ramp[i],
                    List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.29, 0.3, 0.3)));
            steps.add(PlantedSteps.measured("single", result, new ProbeIntent.Ramp(ramp.length)));
        }
        SustainableSearch search = new SustainableSearch(Thresholds.defaults(), List.of(0.2, 0.4, 0.6), 201_000, 8, 2);
        paced.forEach(step -> steps.add(PlantedSteps.measured("single", step, new ProbeIntent.Paced(search))));
        return (ProbeVerdict) new ProbeJudge(Thresholds.defaults(), false).judge("single", steps, false);
    }

}
