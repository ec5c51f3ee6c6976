package io.mqprobe.search;

import io.mqprobe.api.monitor.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static io.mqprobe.search.StepBuilder.step;
import static org.assertj.core.api.Assertions.assertThat;

/** A sustainable load limited by latency or errors names what held requests at the failing step, or says nothing measured does. */
@Timeout(10)
class LimitCauseTest {

    private static final Thresholds DEFAULTS = Thresholds.defaults();
    private static final List<Double> FRACTIONS = List.of(0.1, 0.25, 0.5);
    private static final double CEILING = 60_000;
    /** Where the planted cluster's p99 breaks: 12 % of the ceiling, as in the reported run. */
    private static final double LATENCY_LIMIT = 7_200;

    @Test
    void should_name_a_broker_throttled_at_the_failing_paced_step() {
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> cluster(i, rate)
                .use("broker-2", Metric.CPU_THROTTLED_SHARE, rate <= LATENCY_LIMIT ? 0.1 : 0.64, 1).build());

        String limitedBy = search.result(paced).orElseThrow().limitedBy();
        assertThat(limitedBy).startsWith("p99 506 ms > SLO 200 ms at step ")
                .endsWith("; broker-2 was throttled in 64 % of its CPU periods: its CPU limit stalls requests")
                .doesNotContain("no measured resource");
    }

    @Test
    void should_say_no_measured_resource_explains_a_latency_limit_far_below_the_ceiling() {
        SustainableSearch search = search();

        // throttled, but in a share of its periods too small to make a p99
        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> cluster(i, rate)
                .use("broker-2", Metric.CPU_THROTTLED_SHARE, 0.1, 1).use("broker-2", Metric.GC_MS_PER_S, 8, 20, Double.NaN).build());

        SustainablePoint found = search.result(paced).orElseThrow();
        assertThat(found.recordsPerSecond()).isLessThan(0.5 * CEILING);
        assertThat(found.limitedBy()).startsWith("p99 506 ms > SLO 200 ms at step ")
                .matches(".*; no measured resource explains it \\(the sustainable load is 1[12] % of the ceiling\\)");
    }

    @Test
    void should_name_long_gc_pauses_at_the_failing_step() {
        SustainableSearch search = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> cluster(i, rate)
                .use("broker-1", Metric.GC_MS_PER_S, rate <= LATENCY_LIMIT ? 5 : 120, rate <= LATENCY_LIMIT ? 10 : 300, Double.NaN)
                .build());

        assertThat(search.result(paced).orElseThrow().limitedBy())
                .endsWith("; broker-1 paused for GC 120 ms per second (its worst second 300 ms): its pauses hold requests");
    }

    @Test
    void should_name_the_pauses_of_the_hold_that_failed_not_those_of_the_short_step_it_held() {
        // 2026-12-02 13:33: a hold failed on p99 605 ms while the load generator paused 158 ms for GC in one of its
        // seconds; the short step before it had no such pause, and the answer said "no measured resource explains it"
        SustainableSearch search = search();

        List<List<StepMeasurement>> steps = SearchRuns.runHolding(search, (i, rate) -> cluster(i, rate).build(),
                (i, rate) -> cluster(i, rate).p99Ms(rate <= 0.9 * LATENCY_LIMIT ? 5 : 605)
                        .use("client", Metric.GC_MS_PER_S, 13, rate <= 0.9 * LATENCY_LIMIT ? 20 : 158, Double.NaN).build());

        SustainablePoint found = search.result(steps.get(0), steps.get(1)).orElseThrow();
        assertThat(found.limitedBy()).contains("p99 605 ms > SLO 200 ms at step ").contains("offered and held")
                .contains("; client paused for GC 13 ms per second (its worst second 158 ms): its pauses hold its sends")
                .doesNotContain("no measured resource explains it");
    }

    @Test
    void should_leave_a_limit_a_resource_explains_unexplained() {
        // broker-1's CPU went over its threshold where latency broke: that resource is the explanation, far below the
        // ceiling or not
        List<StepMeasurement> steps = List.of(step(0, 10_000).cpu("broker-1", 0.2, 1).build(),
                step(1, 12_000).p99Ms(506).cpu("broker-1", 0.9, 1).use("broker-1", Metric.CPU_THROTTLED_SHARE, 0.64, 1).build(),
                step(2, 40_000).p99Ms(600).cpu("broker-1", 0.95, 1).build());

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "latency");

        assertThat(verdict.sustainable().limitedBy()).isEqualTo("p99 506 ms > SLO 200 ms, broker-1 CPU 90 % > 75 % at step 1");
    }

    @Test
    void should_name_a_cap_inferred_from_the_ramp_when_the_search_knows_the_ramp() {
        List<StepMeasurement> ramp = InferredCapTest.plateau(InferredCapTest::cappedBroker2);
        SustainableSearch search = new SustainableSearch(DEFAULTS, FRACTIONS, CEILING, FRACTIONS.size() + 4, 2, ramp);
        SustainableSearch blind = search();

        List<StepMeasurement> paced = SearchRuns.run(search, (i, rate) -> cluster(i, rate).build());

        assertThat(search.result(paced).orElseThrow().limitedBy()).endsWith("; broker-2's inferred CPU cap near 0.4 cores"
                + " (from the ramp's flat steps): a CPU quota stalls requests in bursts, below its mean too");
        assertThat(blind.result(paced).orElseThrow().limitedBy()).contains("no measured resource explains it");
    }

    @Test
    void should_name_a_throttled_broker_when_no_ramp_step_was_sustainable() {
        List<StepMeasurement> steps = List.of(
                step(0, 10_000).p99Ms(506).use("broker-2", Metric.CPU_THROTTLED_SHARE, 0.64, 1).build(),
                step(1, 20_000).p99Ms(600).build(), step(2, 40_000).p99Ms(700).build());

        ScenarioVerdict verdict = VerdictFinder.find(steps, DEFAULTS, "latency");

        assertThat(verdict.sustainable()).isNull();
        assertThat(verdict.bottleneck().evidence()).contains(VerdictFinder.NO_SUSTAINABLE + "p99 506 ms > SLO 200 ms at step 0;"
                + " broker-2 was throttled in 64 % of its CPU periods: its CPU limit stalls requests");
    }

    private static SustainableSearch search() {
        return new SustainableSearch(DEFAULTS, FRACTIONS, CEILING, FRACTIONS.size() + 4, 2);
    }

    /** p99 5 ms up to {@link #LATENCY_LIMIT}, 506 ms above it. */
    private static StepBuilder cluster(int index, double offered) {
        return step(index, offered).target(offered).p99Ms(offered <= LATENCY_LIMIT ? 5 : 506);
    }
}
