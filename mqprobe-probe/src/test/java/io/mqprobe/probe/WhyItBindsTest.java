package io.mqprobe.probe;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.api.profile.ProcessProfile;
import io.mqprobe.api.stats.LatencySummary;
import io.mqprobe.result.PlantedStepResult;
import io.mqprobe.result.ScenarioProfile;
import io.mqprobe.result.StepResult;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Why a limit binds, from planted profiles: which steps are asked for, the busy processes' parts, the advice. */
class WhyItBindsTest {

    private static final String START = "2026-11-28T16:00:00Z";

    /** Records the windows it was asked for and answers with the planted profiles. */
    private static final class Planted implements CpuProfiles {
        final List<Window> asked = new ArrayList<>();
        final List<ProcessProfile> profiles;

        Planted(ProcessProfile... profiles) {
            this.profiles = List.of(profiles);
        }

        @Override
        public List<ProcessProfile> over(List<Window> windows) {
            asked.addAll(windows);
            return profiles;
        }

        @Override
        public Map<String, String> folded(Window window) {
            return Map.of();
        }
    }

    private static StepResult step(int index) {
        return PlantedStepResult.of(index, index + 1, null, START, 2_000, 6_000, 10_000, List.of());
    }

    private static ProcessProfile profile(String source, long samples, List<ProcessProfile.Part> parts, ProcessProfile.Wait... waits) {
        return new ProcessProfile(source, samples, parts, List.of(waits), List.of(), null);
    }

    @Test
    void should_name_a_busy_brokers_largest_parts_and_tell_it_recompresses() {
        Planted profiles = new Planted(
                profile("broker-1", 800, List.of(new ProcessProfile.Part("compression (gzip)", 0.46),
                        new ProcessProfile.Part("request handling", 0.2), new ProcessProfile.Part("network I/O", 0.14),
                        new ProcessProfile.Part("segment I/O", 0.1))),
                profile("broker-2", 300, List.of(new ProcessProfile.Part("network I/O", 0.9))));
        List<ResourceUsage> atCeiling = List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.38, 0.4, 0.4),
                new ResourceUsage("broker-2", Metric.CPU_CORES, 0.05, 0.1, 0.4));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(), List.of(step(2), step(3)), atCeiling, null).orElseThrow();

        assertThat(profiles.asked).as("each step's measured window, after its warm-up")
                .containsExactly(new CpuProfiles.Window(Instant.parse(START).toEpochMilli() + 2_000, Instant.parse(START).toEpochMilli() + 8_000),
                        new CpuProfiles.Window(Instant.parse(START).toEpochMilli() + 2_000, Instant.parse(START).toEpochMilli() + 8_000));
        assertThat(why.at()).isEqualTo("the ceiling's steps 2, 3");
        assertThat(why.why()).as("broker-2 idled: only the busy broker is named")
                .containsExactly("broker-1 CPU 95 %: compression (gzip) 46 %, request handling 20 %, network I/O 14 %");
        assertThat(why.advice()).anyMatch(a -> a.startsWith("broker-1 spends 46 % of its sampled CPU in gzip compression")
                && a.contains("compression.type=producer"));
    }

    @Test
    void should_leave_out_the_monitors_of_a_process_whose_monitor_threads_ran_outside_its_quota() {
        List<ProcessProfile.Part> parts = List.of(new ProcessProfile.Part("produce validation", 0.36),
                new ProcessProfile.Part("request handling", 0.27), new ProcessProfile.Part(ProcessProfile.MONITORING, 0.1),
                new ProcessProfile.Part("network I/O", 0.09));
        Planted profiles = new Planted(profile("broker-1", 800, parts), profile("broker-2", 800, parts));
        // broker-1's JMX and recorder threads were moved out of its quota (it reports their cores); broker-2's were not
        List<ResourceUsage> atCeiling = List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.38, 0.4, 0.4),
                ResourceUsage.withoutCapacity("broker-1", Metric.CPU_MONITORS_CORES, 0.02, 0.03),
                new ResourceUsage("broker-2", Metric.CPU_CORES, 0.38, 0.4, 0.4));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(), List.of(step(2)), atCeiling, null).orElseThrow();

        assertThat(why.why()).containsExactly(
                "broker-1 CPU 95 %: produce validation 40 %, request handling 30 %, network I/O 10 %",
                "broker-2 CPU 95 %: produce validation 36 %, request handling 27 %, monitoring (JMX, JFR) 10 %");
        assertThat(why.advice()).anyMatch(a -> a.startsWith("broker-1 spent 10 % of its sampled CPU answering JMX")
                && a.contains("ran outside its quota"));
    }

    @Test
    void should_cite_in_its_advice_the_share_its_why_line_gives_when_the_monitors_ran_outside_the_quota() {
        // single-ssl, 2026-12-01 14:00: the why line said "TLS 23 %" and the advice "spends 22 %" of the same samples
        Planted profiles = new Planted(profile("broker-1", 300, List.of(new ProcessProfile.Part("TLS", 0.27),
                new ProcessProfile.Part("request handling", 0.2), new ProcessProfile.Part(ProcessProfile.MONITORING, 0.1))));
        List<ResourceUsage> atCeiling = List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.38, 0.4, 0.4),
                ResourceUsage.withoutCapacity("broker-1", Metric.CPU_MONITORS_CORES, 0.02, 0.03));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(), List.of(step(2)), atCeiling, null).orElseThrow();

        assertThat(why.why()).containsExactly("broker-1 CPU 95 %: TLS 30 %, request handling 22 %");
        assertThat(why.advice()).anyMatch(a -> a.startsWith("broker-1 spends 30 % of its sampled CPU in TLS"));
    }

    @Test
    void should_point_send_threads_waiting_on_secure_random_at_the_entropy_source() {
        Planted profiles = new Planted(profile("client", 400, List.of(new ProcessProfile.Part("TLS", 0.3)),
                new ProcessProfile.Wait("client send threads", "java.security.SecureRandom.nextBytes", "lock", 0.4)));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(), List.of(step(4)), List.of(), null).orElseThrow();

        assertThat(why.advice()).contains("client: client send threads blocked 40 % of their time in "
                + "java.security.SecureRandom.nextBytes (lock): SecureRandom waits for entropy under a lock; a JVM started with "
                + "-Djava.security.egd=file:/dev/./urandom does not");
        assertThat(why.advice()).anyMatch(a -> a.startsWith("client spends 30 % of its sampled CPU in TLS"));
    }

    @Test
    void should_say_nothing_from_too_few_samples() {
        Planted profiles = new Planted(profile("broker-1", 12, List.of(new ProcessProfile.Part("compression (gzip)", 1.0))));

        assertThat(WhyItBinds.of(profiles, List.of(), List.of(step(1)), List.of(), null)).isEmpty();
        assertThat(WhyItBinds.of(CpuProfiles.NONE, List.of(), List.of(step(1)), List.of(), null)).isEmpty();
    }

    @Test
    void should_name_a_process_at_its_limit_from_few_samples_and_say_how_rough_its_split_is() {
        // single, series of 2026-11-30 21:01: broker-1 at its quota beside the load generator, 36 samples over five steps
        Planted profiles = new Planted(profile("broker-1", 36, List.of(new ProcessProfile.Part("request handling", 0.42),
                        new ProcessProfile.Part("network I/O", 0.25), new ProcessProfile.Part("log append", 0.14))),
                profile("broker-2", 19, List.of(new ProcessProfile.Part("request handling", 1.0))));
        List<ResourceUsage> atCeiling = List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.37, 0.4, 0.4),
                new ResourceUsage("broker-2", Metric.CPU_CORES, 0.38, 0.4, 0.4));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(), List.of(step(2)), atCeiling, null).orElseThrow();

        assertThat(why.why()).as("broker-2's 19 samples say too little even at its limit").containsExactly(
                "broker-1 CPU 93 %: request handling 42 %, network I/O 25 %, log append 14 % (only 36 samples: shares ±16 points)");
    }

    @Test
    void should_profile_a_process_at_its_limit_over_every_ramp_step_it_ran_there_when_the_ceiling_gave_too_few_samples() {
        // single, 2026-12-01 (G1 run): broker-1 at its quota over a ceiling of steps 2 and 4 gave 14 samples, unnamed
        CpuProfiles sevenAStep = new CpuProfiles() {
            @Override
            public List<ProcessProfile> over(List<Window> windows) {
                return List.of(profile("broker-1", 7L * windows.size(), List.of(part("request handling", 0.4), part("network I/O", 0.3),
                        part("produce validation", 0.2))));
            }

            @Override
            public Map<String, String> folded(Window window) {
                return Map.of();
            }
        };
        ResourceUsage atItsLimit = new ResourceUsage("broker-1", Metric.CPU_CORES, 0.35, 0.4, 0.4);
        List<StepResult> ramp = List.of(step(1, null, 180, atItsLimit),
                step(2, null, 210, atItsLimit), step(3, null, 100, new ResourceUsage("broker-1", Metric.CPU_CORES, 0.2, 0.3, 0.4)),
                step(4, null, 205, atItsLimit), step(5, null, 190, atItsLimit));

        ScenarioProfile why = WhyItBinds.of(sevenAStep, ramp, List.of(ramp.get(1), ramp.get(3)), List.of(atItsLimit), null).orElseThrow();

        assertThat(why.why()).as("step 3, at half its quota, is not one of them").containsExactly("broker-1 CPU 88 %: request handling 40 %,"
                + " network I/O 30 %, produce validation 20 % (from steps 1, 2, 4, 5, all at its limit; only 28 samples: shares ±19 points)");
        assertThat(why.atLimit()).containsExactly(Map.entry("broker-1", List.of(1, 2, 4, 5)));
        assertThat(why.steps()).as("the ceiling's steps stay the ceiling's").containsExactly(2, 4);
        assertThat(why.processes()).extracting(ProcessProfile::samples).containsExactly(28L);
    }

    /** Answers each step's window with the profiles planted for that step (by the step's start), the ceiling's otherwise. */
    private static final class PerStep implements CpuProfiles {
        final Map<Long, List<ProcessProfile>> byWindowStart = new java.util.HashMap<>();
        final List<ProcessProfile> ceiling;

        PerStep(List<ProcessProfile> ceiling) {
            this.ceiling = ceiling;
        }

        PerStep at(StepResult step, ProcessProfile... profiles) {
            byWindowStart.put(WhyItBinds.window(step).fromEpochMs(), List.of(profiles));
            return this;
        }

        @Override
        public List<ProcessProfile> over(List<Window> windows) {
            return windows.size() == 1 ? byWindowStart.getOrDefault(windows.get(0).fromEpochMs(), ceiling) : ceiling;
        }

        @Override
        public Map<String, String> folded(Window window) {
            return Map.of();
        }
    }

    /** A step ten seconds after the previous one, at {@code mbPerSecond}, with its resources. */
    private static StepResult step(int index, Double target, double mbPerSecond, ResourceUsage... resources) {
        LatencySummary latency = PlantedStepResult.WITHIN_SLO;
        String started = Instant.parse(START).plusSeconds(10L * index).toString();
        return new StepResult(index, 2, target, started, 2_000, 6_000, 30_000, 30_000 * 1024L, 10_000, mbPerSecond * 1e6,
                Map.of(), latency, latency, latency, null, null, List.of(resources));
    }

    private static ProcessProfile.Part part(String name, double share) {
        return new ProcessProfile.Part(name, share);
    }

    @Test
    void should_tell_what_grew_from_the_lightest_step_with_enough_samples_to_the_ceiling() {
        StepResult first = step(1, null, 10);
        StepResult second = step(2, null, 20);
        StepResult ceilingStep = step(3, null, 40);
        ProcessProfile atCeiling = profile("broker-2", 400, List.of(part("replication fetch (follower)", 0.40),
                part("request handling", 0.35), part("network I/O", 0.25)));
        PerStep profiles = new PerStep(List.of(atCeiling))
                .at(first, profile("broker-2", 20, List.of(part("request handling", 1.0))))
                .at(second, profile("broker-2", 90, List.of(part("request handling", 0.6), part("network I/O", 0.3),
                        part("replication fetch (follower)", 0.1))));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(first, second, ceilingStep), List.of(ceilingStep), List.of(), null)
                .orElseThrow();

        assertThat(why.why()).as("step 1 had too few samples; network I/O moved 5 points only").containsExactly(
                "broker-2 from step 2 (20.0 MB/s) to the ceiling: replication fetch (follower) 10 % → 40 %, request handling 60 % → 35 %");
        assertThat(why.bySteps()).extracting(io.mqprobe.result.StepProfile::step).containsExactly(1, 2, 3);
        assertThat(why.bySteps().get(1).processes().get(0).parts()).hasSize(3);
    }

    @Test
    void should_say_where_the_time_went_at_the_step_that_failed_the_sustainable_load() {
        StepResult ceilingStep = step(3, null, 40);
        StepResult failed = step(9, 12_700.0, 13, new ResourceUsage("broker-1", Metric.CPU_CORES, 0.2, 0.3, 0.4),
                new ResourceUsage("client", Metric.CPU_CORES, 0.45, 0.5, 0.5));
        PerStep profiles = new PerStep(List.of(profile("broker-1", 300, List.of(part("request handling", 1.0)))))
                .at(failed, profile("broker-1", 80, List.of(part("request handling", 0.7), part("network I/O", 0.3))),
                        profile("client", 200, List.of(part("producer send", 0.5), part("TLS", 0.5)),
                                new ProcessProfile.Wait("client send threads", "java.security.SecureRandom.nextBytes", "lock", 0.4)));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(ceilingStep), List.of(ceilingStep), List.of(),
                new WhyItBinds.FailingStep(failed, "p99 235 ms > SLO 200 ms")).orElseThrow();

        String at = "at step 9, which the sustainable load failed (p99 235 ms > SLO 200 ms): ";
        assertThat(why.why()).as("the busy client is named; the broker at half its quota is not").containsExactly(
                at + "client CPU 90 %: producer send 50 %, TLS 50 %",
                at + "client: client send threads blocked 40 % of their time in java.security.SecureRandom.nextBytes (lock)");
        assertThat(why.failingStep()).isEqualTo(9);
        assertThat(why.bySteps()).extracting(io.mqprobe.result.StepProfile::step).containsExactly(3, 9);
    }

    @Test
    void should_point_one_hot_thread_of_an_idle_pool_at_what_spreads_its_work() {
        ProcessProfile broker = new ProcessProfile("broker-1", 500, List.of(part("request handling", 0.7)), List.of(),
                List.of(new ProcessProfile.Pool("request handlers", 8, "data-plane-kafka-request-handler-3", 0.9, 0.6),
                        new ProcessProfile.Pool("network processors", 3, "data-plane-kafka-network-thread-1", 0.5, 0.4)),
                null);

        List<String> advice = WhyItBinds.advice(broker, broker);

        assertThat(advice).as("network processors shared their work: no line for them").containsExactly(
                "broker-1: data-plane-kafka-request-handler-3 ran 90 % of the request handlers' samples while 7 others idled"
                        + " (the pool ran 60 % of the process's): one handler appends to a partition at a time, so more partitions"
                        + " spread the work; num.io.threads only adds idle handlers");
    }

    @Test
    void should_name_long_gc_pauses_beside_the_parts_and_advise_on_the_heap() {
        StepResult ceilingStep = step(3, null, 40);
        Planted profiles = new Planted(profile("broker-1", 300, List.of(part("request handling", 1.0))));
        List<ResourceUsage> resources = List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.38, 0.4, 0.4),
                ResourceUsage.withoutCapacity("broker-1", Metric.GC_MS_PER_S, 80, 120),
                ResourceUsage.withoutCapacity("broker-1", Metric.JIT_MS_PER_S, 5, 10));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(), List.of(ceilingStep), resources, null).orElseThrow();

        assertThat(why.why()).containsExactly("broker-1 CPU 95 %: request handling 100 %; GC pauses 80 ms/s");
        assertThat(why.advice()).anyMatch(a -> a.startsWith("broker-1 paused for GC 80 ms of every second at the ceiling (8 % of the time)")
                && a.endsWith("-XX:G1HeapRegionSize above twice batch.size avoids them"));
    }

    @Test
    void should_advise_the_load_generator_to_keep_its_pooled_batches_humongous() {
        StepResult ceilingStep = step(3, null, 40);
        Planted profiles = new Planted(profile("client", 300, List.of(part("sending", 1.0))));
        List<ResourceUsage> resources = List.of(new ResourceUsage("client", Metric.CPU_CORES, 0.38, 0.4, 0.4),
                ResourceUsage.withoutCapacity("client", Metric.GC_MS_PER_S, 117, 180));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(), List.of(ceilingStep), resources, null).orElseThrow();

        assertThat(why.advice()).anyMatch(a -> a.startsWith("client paused for GC 117 ms of every second at the ceiling (12 % of the time)")
                && a.contains("MQPROBE_JAVA_OPTS") && a.endsWith("-XX:G1HeapRegionSize at most twice batch.size keeps them so"));
    }

    @Test
    void should_name_a_local_jvms_compiling_by_its_compilers_cpu_and_a_remote_ones_by_its_clock() {
        StepResult ceilingStep = step(3, null, 40);
        Planted profiles = new Planted(profile("broker-1", 300, List.of(part("request handling", 1.0))),
                profile("broker-2", 300, List.of(part("request handling", 1.0))));
        List<ResourceUsage> resources = List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.38, 0.4, 0.4),
                ResourceUsage.withoutCapacity("broker-1", Metric.JIT_MS_PER_S, 400, 500),
                ResourceUsage.withoutCapacity("broker-1", Metric.JIT_CPU_MS_PER_S, 120, 150),
                new ResourceUsage("broker-2", Metric.CPU_CORES, 0.38, 0.4, 0.4),
                ResourceUsage.withoutCapacity("broker-2", Metric.JIT_MS_PER_S, 90, 100));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(), List.of(ceilingStep), resources, null).orElseThrow();

        assertThat(why.why()).contains("broker-1 CPU 95 %: request handling 100 %; compiling 120 ms/s of CPU",
                "broker-2 CPU 95 %: request handling 100 %; compiling 90 ms/s");
    }

    @Test
    void should_name_the_parts_of_a_process_without_a_known_limit_with_the_cores_it_used() {
        StepResult ceilingStep = step(3, null, 40);
        Planted profiles = new Planted(profile("broker-2", 65, List.of(part("request handling", 0.4),
                part("replication fetch (follower)", 0.26), part("network I/O", 0.11))),
                profile("broker-3", 20, List.of(part("request handling", 1.0))));
        List<ResourceUsage> resources = List.of(ResourceUsage.withoutCapacity("broker-2", Metric.CPU_CORES, 0.62, 0.7),
                ResourceUsage.withoutCapacity("broker-3", Metric.CPU_CORES, 0.1, 0.1));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(), List.of(ceilingStep), resources, null).orElseThrow();

        assertThat(why.why()).as("broker-3's 20 samples say too little").containsExactly(
                "broker-2 CPU 0.62 cores (no limit known): request handling 40 %, replication fetch (follower) 26 %, network I/O 11 %");
    }

    @Test
    void should_name_the_parts_of_every_sampled_process_on_a_full_host() {
        StepResult ceilingStep = step(3, null, 40);
        Planted profiles = new Planted(profile("broker-1", 64, List.of(part("request handling", 0.28),
                part("replication fetch (follower)", 0.2), part("metrics", 0.14))));
        List<ResourceUsage> resources = List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.42, 0.54, 2),
                new ResourceUsage("host", Metric.CPU_CORES, 1.98, 2, 2));
        List<ResourceUsage> idleHost = List.of(resources.get(0), new ResourceUsage("host", Metric.CPU_CORES, 1.0, 1.2, 2));

        assertThat(WhyItBinds.of(profiles, List.of(), List.of(ceilingStep), resources, null).orElseThrow().why()).containsExactly(
                "broker-1 CPU 0.42 cores (on a full host): request handling 28 %, replication fetch (follower) 20 %, metrics 14 %");
        assertThat(WhyItBinds.of(profiles, List.of(), List.of(ceilingStep), idleHost, null).orElseThrow().why())
                .as("21 % of the machine on a half-idle host binds nothing").isEmpty();
    }
}
