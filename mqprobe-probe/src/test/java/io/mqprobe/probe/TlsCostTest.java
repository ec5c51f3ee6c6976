package io.mqprobe.probe;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.api.profile.ProcessProfile;
import io.mqprobe.result.PlantedStepResult;
import io.mqprobe.result.ProbeVerdict;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioProfile;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;
import io.mqprobe.search.ScenarioVerdict;
import io.mqprobe.search.StepPoint;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What TLS cost, from a plaintext scenario and its SSL twin planted as one probe measured them (single and single-ssl,
 * 2026-12-01 12:30: ceilings 130.2 and 118.8 MB/s, broker-1 at its 0.4 cores in both, TLS 26 % of its samples).
 */
class TlsCostTest {

    private static StepResult step(int index, double mbPerSecond, double brokerCores) {
        return PlantedStepResult.of(index, index + 1, null, "2026-12-01T12:30:00Z", 2_000, 6_000, mbPerSecond * 1e6 / 1024,
                List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, brokerCores, brokerCores, 0.4)));
    }

    private static TlsCost.Measured measured(String name, ScenarioProfile profile, StepResult... steps) {
        // the ceiling pools the last two steps, as a plateau does
        StepResult first = steps[steps.length - 2];
        StepResult last = steps[steps.length - 1];
        StepPoint ceiling = new StepPoint(last.index(), (first.recordsPerSecond() + last.recordsPerSecond()) / 2,
                (first.bytesPerSecond() + last.bytesPerSecond()) / 2, null, List.of(first.index(), last.index()));
        return new TlsCost.Measured(name, new ProbeVerdict(new ScenarioVerdict(ceiling, null, null, null, "plateau"), profile),
                List.of(steps));
    }

    /** The SSL twin's profile as WhyItBinds makes it: broker-1 busy, a quarter of its samples in TLS. */
    private static ScenarioProfile sslProfile() {
        ProcessProfile broker = new ProcessProfile("broker-1", 120, List.of(new ProcessProfile.Part("TLS", 0.26),
                new ProcessProfile.Part("produce validation", 0.2), new ProcessProfile.Part("request handling", 0.15)),
                List.of(), List.of(), null);
        CpuProfiles planted = new CpuProfiles() {
            @Override
            public List<ProcessProfile> over(List<Window> windows) {
                return List.of(broker);
            }

            @Override
            public Map<String, String> folded(Window window) {
                return Map.of();
            }
        };
        return WhyItBinds.of(planted, List.of(), List.of(step(3, 118.8, 0.38)),
                List.of(new ResourceUsage("broker-1", Metric.CPU_CORES, 0.38, 0.4, 0.4)), null).orElseThrow();
    }

    @Test
    void should_replace_the_advice_to_probe_plaintext_with_the_cpu_per_mb_both_modes_cost() {
        ScenarioProfile asked = sslProfile();
        assertThat(asked.advice()).as("alone, the twin asks for a plaintext probe")
                .anyMatch(a -> a.startsWith("broker-1 spends 26 % of its sampled CPU in TLS: a plaintext probe"));

        TlsCost.Measured plaintext = measured("single", null, step(2, 128.0, 0.38), step(3, 132.4, 0.38));
        TlsCost.Measured ssl = measured("single-ssl", asked, step(2, 118.0, 0.38), step(3, 119.6, 0.38));
        ScenarioProfile priced = TlsCost.priced(plaintext, ssl).orElseThrow();

        // 0.38 cores over 118.8 MB/s against 0.38 over 130.2: 3.2 ms against 2.9 ms of CPU per MB
        assertThat(priced.advice()).contains("broker-1 spends 26 % of its sampled CPU in TLS: it used 3.2 ms of CPU per MB at"
                + " single-ssl's ceiling (118.8 MB/s) against 2.9 ms at single's (130.2 MB/s), 9.6 % more per MB; the ceiling"
                + " is 8.8 % lower over SSL, and TLS turns off zero-copy fetches");
        assertThat(priced.advice()).noneMatch(a -> a.contains("a plaintext probe"));
        assertThat(priced.why()).isEqualTo(asked.why());
    }

    @Test
    void should_price_the_twin_in_the_document_and_leave_a_probe_without_plaintext_asking() {
        ResultDocument document = new ResultDocument("probe", List.of());
        TlsCost.Measured ssl = measured("single-ssl", sslProfile(), step(2, 118.0, 0.38), step(3, 119.6, 0.38));
        TlsCost.Measured plaintext = measured("single", null, step(2, 128.0, 0.38), step(3, 132.4, 0.38));
        for (TlsCost.Measured m : List.of(plaintext, ssl)) {
            document.startScenario(new ScenarioResult(m.name(), "", null, null));
            m.steps().forEach(step -> document.recordStep(m.name(), step));
            document.completeScenario(m.name(), m.verdict());
        }
        ResultDocument alone = new ResultDocument("probe", List.of());
        alone.startScenario(new ScenarioResult("single-ssl", "", null, null));
        alone.completeScenario("single-ssl", ssl.verdict());

        TlsCost.price(document, List.of("single"), "-ssl");
        TlsCost.price(alone, List.of("single"), "-ssl");

        assertThat(((ProbeVerdict) document.verdict("single-ssl").orElseThrow()).profile().advice())
                .anyMatch(a -> a.contains("3.2 ms of CPU per MB at single-ssl's ceiling"));
        assertThat(((ProbeVerdict) alone.verdict("single-ssl").orElseThrow()).profile().advice())
                .anyMatch(a -> a.contains("a plaintext probe of the same cluster"));
    }
}
