package io.mqprobe.report;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.stats.Estimate;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.StepResult;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How fast the host was while a run measured, as the probe read it beside every step (source {@code host}): its
 * memory's speed, which the figures of a run bound by CPU quotas follow on a shared machine (docs/compare.md: over
 * 21 default probes on the 2-core test machine, a tenth slower memory read as a fifth to a quarter less sustainable
 * load), and a core's. Only measured steps count: a step a stop cut before its window read nothing of the load.
 */
final class HostSpeed {

    private HostSpeed() {
    }

    /** The median of the host's memory speed over the scenario's measured steps, {@code null} without a reading. */
    static Double memory(ScenarioResult scenario) {
        double[] readings = readings(scenario.steps(), Metric.MEM_SPEED_MB_PER_CPU_S);
        return readings.length == 0 ? null : Estimate.median(readings);
    }

    /**
     * "host: memory copied 13,510 MB per CPU-second (the median of the measured steps; 10,771-14,744), a core hashed
     * 1,533 MB of SHA-256: figures bound by CPU follow the memory's speed, see it beside each scenario in mqprobe
     * compare"; empty when the run read neither (a document from before, a run without monitors).
     */
    static Optional<String> line(ResultDocument result) {
        List<StepResult> steps = result.scenarios().stream().flatMap(s -> s.steps().stream()).toList();
        double[] memory = readings(steps, Metric.MEM_SPEED_MB_PER_CPU_S);
        if (memory.length == 0) {
            return Optional.empty();
        }
        double[] cpu = readings(steps, Metric.CPU_SPEED_MB_PER_CPU_S);
        String core = cpu.length == 0 ? "" : String.format(Locale.ROOT, ", a core hashed %,.0f MB of SHA-256", Estimate.median(cpu));
        return Optional.of(String.format(Locale.ROOT, "host: memory copied %,.0f MB per CPU-second (the median of the "
                        + "measured steps; %,.0f-%,.0f)%s: figures bound by CPU follow the memory's speed, see it beside "
                        + "each scenario in mqprobe compare", Estimate.median(memory), Arrays.stream(memory).min().orElseThrow(),
                Arrays.stream(memory).max().orElseThrow(), core));
    }

    private static double[] readings(List<StepResult> steps, String metric) {
        return steps.stream().filter(step -> step.measuredMs() > 0).flatMap(step -> step.resources().stream())
                .filter(r -> Sources.HOST.equals(r.source()) && metric.equals(r.metric())).mapToDouble(ResourceUsage::mean).toArray();
    }
}
