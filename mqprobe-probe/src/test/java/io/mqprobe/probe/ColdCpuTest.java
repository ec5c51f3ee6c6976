package io.mqprobe.probe;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.experiment.MeasuredStep;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.PayloadSpec;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.PlantedStepResult;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.SustainableSearch;
import io.mqprobe.search.Thresholds;
import io.mqprobe.search.VerdictFinder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A broker whose compilers share the CPU it is judged by, compiling at every paced step, as a plain Kafka broker under a
 * 0.4-core limit did here (synthetic steps, no broker): the probe's answer says so; a broker whose compilers ran outside
 * its quota, or that no longer compiled, gets no such word.
 */
@Timeout(10)
class ColdCpuTest {

    private static final double LIMIT = 0.4;

    @Test
    void should_say_the_broker_compiled_on_its_own_cpu_at_every_paced_step_when_no_rate_passed() {
        ScenarioVerdict verdict = judge(probe(300, false));

        assertThat(verdict.sustainable()).isNull();
        assertThat(verdict.bottleneck().evidence()).anySatisfy(e -> assertThat(e)
                .startsWith(VerdictFinder.NO_SUSTAINABLE + "broker-1 CPU")
                .contains("; broker-1 compiled at 3 of 3 paced steps (300 ms/s) on the CPU it was judged by: part of that CPU"
                        + " went to compiling"));
    }

    @Test
    void should_say_nothing_of_compiling_when_the_compilers_ran_outside_the_quota_or_had_stopped() {
        for (ScenarioVerdict verdict : List.of(judge(probe(300, true)), judge(probe(20, false)))) {
            assertThat(verdict.sustainable()).isNull();
            assertThat(verdict.bottleneck().evidence()).anySatisfy(e -> assertThat(e).startsWith(VerdictFinder.NO_SUSTAINABLE + "broker-1 CPU"))
                    .noneSatisfy(e -> assertThat(e).contains("compiled"));
        }
    }

    @Test
    void should_add_the_note_to_a_sustainable_load_its_cpu_bounded() {
        String limitedBy = "broker-1 CPU 80 % > 75 % at step 6, 2,000 msgs/s offered";
        List<io.mqprobe.search.StepMeasurement> steps = probe(300, false).stream().filter(ProbeIntent::paced)
                .map(s -> ProbeJudge.toMeasurement(s.result())).toList();

        assertThat(ColdCpu.note(limitedBy, steps)).hasValueSatisfying(n -> assertThat(n).startsWith("broker-1 compiled at 3 of 3"));
        assertThat(ColdCpu.note("p99 612 ms > SLO 200 ms at step 4", steps)).isEmpty();
        assertThat(ColdCpu.note("client CPU 80 % > 75 % at step 6", steps)).isEmpty();
    }

    @Test
    void should_call_the_ceiling_a_cold_jvms_when_the_cpu_its_verdict_names_compiled_on_it() {
        List<MeasuredStep> steps = new ArrayList<>(probe(300, false));
        steps.add(0, warmUp("broker-1 compiling 1107 ms/s"));

        Bottleneck verdict = judge(steps).bottleneck();

        assertThat(verdict.resource()).isEqualTo(Bottleneck.CPU);
        assertThat(verdict.summary()).startsWith("broker-1 CPU")
                .contains("; broker-1 compiled 300 ms/s at the ceiling on the CPU it was judged by: the ceiling is a cold JVM's")
                .contains("(the warm-up ended with broker-1 compiling 1107 ms/s)")
                .endsWith("a longer --jvm-warmup, or the probe run again on these brokers, measures them warm");

        // a warm-up that ended with another JVM compiling says nothing of this one
        steps.set(0, warmUp("broker-3 compiling 55 ms/s"));
        assertThat(judge(steps).bottleneck().summary()).contains("the ceiling is a cold JVM's").doesNotContain("warm-up ended");
    }

    @Test
    void should_not_call_the_ceiling_cold_when_the_compilers_ran_outside_the_quota_or_had_stopped() {
        for (ScenarioVerdict verdict : List.of(judge(probe(300, true)), judge(probe(20, false)))) {
            assertThat(verdict.bottleneck().resource()).isEqualTo(Bottleneck.CPU);
            assertThat(verdict.bottleneck().summary()).doesNotContain("compiled");
        }
    }

    /** A scenario's warm-up that ended with {@code compiling}. */
    private static MeasuredStep warmUp(String compiling) {
        LatencySummary latency = PlantedStepResult.WITHIN_SLO;
        StepResult result = new StepResult(0, 3, null, "2026-12-02T16:59:00Z", 5000, 60_000, 600_000, 600_000 * 1024L, 10_000,
                10_000 * 1024, Map.of(), latency, latency, latency, null, null, List.of(), Map.of(), null, null, null, null, compiling);
        return PlantedSteps.measured("single", result, new ProbeIntent.Warm());
    }

    private static ScenarioVerdict judge(List<MeasuredStep> steps) {
        return ((ProbeVerdict) new ProbeJudge(Thresholds.defaults(), false).judge("single", steps, false)).findings();
    }

    /**
     * Four unthrottled steps on a plateau with broker-1 at its 0.4-core limit, then three paced rates at which it stands at
     * 80 % of that limit while compiling {@code compileMsPerSecond} (its compile clock, as a JVM read over JMX reports it).
     */
    private static List<MeasuredStep> probe(double compileMsPerSecond, boolean compilersOutsideTheQuota) {
        List<MeasuredStep> steps = new ArrayList<>();
        double[] ramp = {10_000, 10_100, 10_050, 10_080};
        for (int i = 0; i < ramp.length; i++) {
            steps.add(step(i, ramp[i], null, broker(LIMIT, compileMsPerSecond, compilersOutsideTheQuota), new ProbeIntent.Ramp(8)));
        }
        SustainableSearch search = new SustainableSearch(Thresholds.defaults(), List.of(0.25, 0.5), 10_000, 3, 1);
        double[] paced = {2_500, 2_500, 5_000};
        for (int i = 0; i < paced.length; i++) {
            steps.add(step(ramp.length + i, paced[i], paced[i], broker(0.8 * LIMIT, compileMsPerSecond, compilersOutsideTheQuota),
                    new ProbeIntent.Paced(search)));
        }
        return steps;
    }

    private static List<ResourceUsage> broker(double cores, double compileMsPerSecond, boolean compilersOutsideTheQuota) {
        List<ResourceUsage> readings = new ArrayList<>(List.of(
                new ResourceUsage("broker-1", Metric.CPU_CORES, cores, cores, LIMIT),
                new ResourceUsage("broker-1", Metric.JIT_MS_PER_S, compileMsPerSecond, compileMsPerSecond, OptionalDouble.empty()),
                new ResourceUsage("client", Metric.CPU_CORES, 0.1, 0.1, 2)));
        if (compilersOutsideTheQuota) {
            readings.add(new ResourceUsage("broker-1", Metric.CPU_OUTSIDE_QUOTA_CORES, 0.1, 0.1, OptionalDouble.empty()));
        }
        return readings;
    }

    private static MeasuredStep step(int i, double rps, Double target, List<ResourceUsage> resources, ProbeIntent intent) {
        StepResult result = PlantedStepResult.of(i, 1, target, "2026-12-02T17:00:00Z", 1000, 3000, rps, resources);
        return PlantedSteps.measured("single", result, intent);
    }
}
