package io.mqprobe.probe;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
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
import io.mqprobe.search.Thresholds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** How the probe's judge treats the host's CPU with and without isolation (synthetic steps, no broker). */
@Timeout(10)
class ProbeJudgeIsolationTest {

    /** The steps are a ramp of eight client counts, as the planner would have meant them. */
    private static final ProbeIntent.Ramp RAMP = new ProbeIntent.Ramp(8);

    /** Four unthrottled steps on a plateau; the broker and client each at a third of their quota, the host full. */
    private static List<MeasuredStep> plateauOnAFullHost() {
        double[] rps = {10_000, 10_100, 10_050, 10_080};
        List<MeasuredStep> steps = new ArrayList<>();
        for (int i = 0; i < rps.length; i++) {
            List<ResourceUsage> resources = List.of(
                    new ResourceUsage("broker-1", Metric.CPU_CORES, 0.17, 0.2, 0.5),
                    new ResourceUsage("client", Metric.CPU_CORES, 0.16, 0.2, 0.5),
                    new ResourceUsage("host", Metric.CPU_CORES, 1.98, 2, 2));
            StepResult result = PlantedStepResult.of(i, i + 1, null, "2026-11-22T22:00:00Z", 1000, 3000, rps[i], resources);
            steps.add(PlantedSteps.measured("single", result, RAMP));
        }
        return steps;
    }

    /**
     * A replicated ramp as this 2-core machine runs it: three brokers near but under their half-core quotas while the
     * host's two cores are full, then a step past the ceiling where broker-1 alone spikes to {@code spike} cores.
     */
    private static List<MeasuredStep> brokersUnderTheirQuotasOnAFullHost(double plateauBroker1, double spike) {
        double[] rps = {10_000, 15_000, 15_100, 15_050, 12_000};
        List<MeasuredStep> steps = new ArrayList<>();
        for (int i = 0; i < rps.length; i++) {
            boolean past = i == rps.length - 1;
            List<ResourceUsage> resources = List.of(
                    new ResourceUsage("broker-1", Metric.CPU_CORES, past ? spike : plateauBroker1, 0.5, 0.5),
                    new ResourceUsage("broker-2", Metric.CPU_CORES, past ? 0.36 : 0.39, 0.45, 0.5),
                    new ResourceUsage("broker-3", Metric.CPU_CORES, past ? 0.35 : 0.40, 0.45, 0.5),
                    new ResourceUsage("client", Metric.CPU_CORES, 0.29, 0.35, 0.5),
                    new ResourceUsage("host", Metric.CPU_CORES, 1.9, 2, 2));
            steps.add(step(i, rps[i], resources));
        }
        return steps;
    }

    private static MeasuredStep step(int i, double rps, List<ResourceUsage> resources) {
        StepResult result = PlantedStepResult.of(i, i + 1, null, "2026-11-22T22:00:00Z", 1000, 3000, rps, resources);
        return PlantedSteps.measured("replicated", result, RAMP);
    }

    private static Bottleneck isolatedVerdict(List<MeasuredStep> steps) {
        return ((ProbeVerdict) new ProbeJudge(Thresholds.defaults(), false).judge("replicated", steps, false)).findings().bottleneck();
    }

    @Test
    void should_name_the_full_host_not_the_broker_that_spiked_past_the_ceiling_when_no_process_reached_its_quota() {
        Bottleneck verdict = isolatedVerdict(brokersUnderTheirQuotasOnAFullHost(0.42, 0.48));

        assertThat(verdict.resource()).isEqualTo(Bottleneck.CPU);
        assertThat(verdict.source()).isEqualTo("host");
        assertThat(verdict.summary()).startsWith("host CPU 95 % of its cores over the ceiling's steps: the machine's cores ran out")
                .endsWith("no isolated process stood at its quota");
        assertThat(verdict.evidence()).contains("broker-1 CPU 84 % of its quota", "broker-2 CPU 78 % of its quota", "client CPU 58 % of its quota");
    }

    @Test
    void should_name_the_full_host_and_say_which_broker_stood_at_its_quota_beside_it() {
        Bottleneck verdict = isolatedVerdict(brokersUnderTheirQuotasOnAFullHost(0.49, 0.49));

        // the finder alone names broker-1 (98 % of its quota) with the others in the tie margin; on a full host that is
        // not evidence that separates them from the machine
        assertThat(verdict.resource()).isEqualTo(Bottleneck.CPU);
        assertThat(verdict.source()).isEqualTo("host");
        assertThat(verdict.summary()).endsWith("broker-1 98 % of its quota as well: a machine with cores beyond the quotas "
                + "would tell whether it binds next");
        assertThat(verdict.evidence()).contains("broker-1 CPU 98 % of its quota", "broker-2 CPU 78 % of its quota");
    }

    @Test
    void should_name_what_beyond_the_quotas_took_the_cores_from_the_hosts_process_readings() {
        List<MeasuredStep> steps = new ArrayList<>();
        double[] rps = {10_000, 15_000, 15_100, 15_050};
        for (int i = 0; i < rps.length; i++) {
            // host 1.9 busy: brokers and client 1.1 in their quotas, their compilers 0.45 outside, a build 0.15 beside,
            // kernel threads 0.12, and 0.08 no process shows
            steps.add(step(i, rps[i], List.of(
                    new ResourceUsage("broker-1", Metric.CPU_CORES, 0.3, 0.4, 0.5),
                    ResourceUsage.withoutCapacity("broker-1", Metric.CPU_OUTSIDE_QUOTA_CORES, 0.25, 0.4),
                    new ResourceUsage("broker-2", Metric.CPU_CORES, 0.3, 0.4, 0.5),
                    ResourceUsage.withoutCapacity("broker-2", Metric.CPU_OUTSIDE_QUOTA_CORES, 0.15, 0.4),
                    new ResourceUsage("client", Metric.CPU_CORES, 0.5, 0.5, 0.5),
                    ResourceUsage.withoutCapacity("client", Metric.CPU_OUTSIDE_QUOTA_CORES, 0.05, 0.1),
                    new ResourceUsage("host", Metric.CPU_CORES, 1.9, 2, 2),
                    new ResourceUsage("host", Metric.CPU_PROCESSES_CORES, 1.7, 1.8, 2),
                    new ResourceUsage("host", Metric.CPU_KERNEL_THREADS_CORES, 0.12, 0.2, 2))));
        }

        Bottleneck verdict = isolatedVerdict(steps);

        assertThat(verdict.source()).isEqualTo("host");
        assertThat(verdict.summary()).contains("the machine's cores ran out (beyond the processes' quotas: JIT compilers 0.45 cores, "
                + "other processes 0.15, kernel threads 0.12, unexplained 0.08)");
        assertThat(verdict.evidence()).contains("host 1.90 of 2 cores = processes 1.10 + beyond them 0.80 (JIT compilers 0.45 cores, "
                + "other processes 0.15, kernel threads 0.12, unexplained 0.08)");
    }

    @Test
    void should_keep_a_broker_throttled_by_a_limit_it_reported_itself_as_the_verdict_on_a_full_host() {
        // a plain Kafka broker in a 0.4-core container on the machine that also runs the load: 89 % of its limit, throttled
        // in 66 % of its periods, the host at 95 %
        List<MeasuredStep> own = new ArrayList<>();
        List<MeasuredStep> ours = new ArrayList<>();
        double[] rps = {10_000, 15_000, 15_100, 15_050};
        for (int i = 0; i < rps.length; i++) {
            List<ResourceUsage> readings = List.of(
                    new ResourceUsage("broker-1", Metric.CPU_CORES, 0.5, 0.6, 2),
                    new ResourceUsage("broker-2", Metric.CPU_CORES, 0.356, 0.4, 0.4),
                    new ResourceUsage("broker-2", Metric.CPU_THROTTLED_SHARE, 0.66, 0.8, 1),
                    new ResourceUsage("broker-3", Metric.CPU_CORES, 0.45, 0.5, 2),
                    new ResourceUsage("host", Metric.CPU_CORES, 1.9, 2, 2));
            List<ResourceUsage> withLimit = new ArrayList<>(readings);
            withLimit.add(ResourceUsage.withoutCapacity("broker-2", Metric.CPU_LIMIT_CORES, 0.4, 0.4));
            own.add(step(i, rps[i], withLimit));
            ours.add(step(i, rps[i], readings));
        }

        assertThat(isolatedVerdict(own).source()).isEqualTo("broker-2");
        // the same readings under a quota mqprobe set itself (no limit reported by the broker): the full host decides
        assertThat(isolatedVerdict(ours).source()).isEqualTo("host");
    }

    private static Bottleneck judged(boolean hostShared) {
        ProbeVerdict verdict = (ProbeVerdict) new ProbeJudge(Thresholds.defaults(), hostShared).judge("single", plateauOnAFullHost(), false);
        return verdict.findings().bottleneck();
    }

    @Test
    void should_name_other_work_on_the_host_and_never_shared_cpu_when_isolated() {
        Bottleneck isolated = judged(false);

        assertThat(isolated.resource()).isEqualTo(Bottleneck.CPU);
        assertThat(isolated.source()).isEqualTo("host");
        assertThat(isolated.summary()).contains("other work on this machine took the cores");
    }

    @Test
    void should_name_brokers_and_client_starving_each_other_when_they_share_the_host() {
        Bottleneck shared = judged(true);

        assertThat(shared.resource()).isEqualTo(Bottleneck.SHARED_CPU);
    }
}
