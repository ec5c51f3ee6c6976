package io.mqprobe.scenario;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.api.profile.ProcessProfile;
import io.mqprobe.api.stats.LatencySummary;
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
        LatencySummary latency = new LatencySummary(1_000, 2_000, 3_000, 4_000, 5_000, 1_200, 1000);
        return new StepResult(index, index + 1, null, START, 2_000, 6_000, 30_000, 30_000 * 1024L, 10_000, 10_000 * 1024.0,
                Map.of(), latency, latency, latency, null, null, List.of());
    }

    private static ProcessProfile profile(String source, long samples, List<ProcessProfile.Part> parts, ProcessProfile.Wait... waits) {
        return new ProcessProfile(source, samples, parts, List.of(waits), null);
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

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(step(2), step(3)), atCeiling).orElseThrow();

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
    void should_point_send_threads_waiting_on_secure_random_at_the_entropy_source() {
        Planted profiles = new Planted(profile("client", 400, List.of(new ProcessProfile.Part("TLS", 0.3)),
                new ProcessProfile.Wait("client send threads", "java.security.SecureRandom.nextBytes", "lock", 0.4)));

        ScenarioProfile why = WhyItBinds.of(profiles, List.of(step(4)), List.of()).orElseThrow();

        assertThat(why.advice()).contains("client: client send threads blocked 40 % of their time in "
                + "java.security.SecureRandom.nextBytes (lock): SecureRandom waits for entropy under a lock; a JVM started with "
                + "-Djava.security.egd=file:/dev/./urandom does not");
        assertThat(why.advice()).anyMatch(a -> a.startsWith("client spends 30 % of its sampled CPU in TLS"));
    }

    @Test
    void should_say_nothing_from_too_few_samples() {
        Planted profiles = new Planted(profile("broker-1", 12, List.of(new ProcessProfile.Part("compression (gzip)", 1.0))));

        assertThat(WhyItBinds.of(profiles, List.of(step(1)), List.of())).isEmpty();
        assertThat(WhyItBinds.of(CpuProfiles.NONE, List.of(step(1)), List.of())).isEmpty();
    }
}
