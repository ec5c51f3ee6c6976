package io.mqprobe.result;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.units.TimeSpan;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The run's warm-up before its first measured step: unmeasured load until the JIT compilers of mqprobe and of every
 * broker went quiet, or until its bound. Why: the JVMs start cold, and their compilers stay busy for the first minute
 * of load (up to 475 ms of compiling per second in a broker, 412 in mqprobe, measured here). Meanwhile throughput
 * climbed from step to step, 178k to 261k msgs/s over the first four steps of one probe, and the ceiling pooled that
 * climb.
 *
 * @param durationMs     how long the load ran
 * @param clients        the producer clients it ran with
 * @param quiet          every JVM compiled less than {@link #QUIET_MS_PER_S} over the last seconds; false at the bound
 * @param jitMsPerSecond each JVM's compile time per second over those seconds, by source ({@code client},
 *                       {@code broker-1}, ...)
 */
public record WarmUp(long durationMs, int clients, boolean quiet, Map<String, Double> jitMsPerSecond) {

    /**
     * Compile time per second under which a JVM counts as warm. A warm broker or mqprobe under steady load here keeps
     * compiling 40-90 ms/s (recompilations, rarely taken paths), so quiet does not mean silent.
     */
    public static final double QUIET_MS_PER_S = 100;

    public WarmUp {
        jitMsPerSecond = Map.copyOf(jitMsPerSecond);
    }

    /** The warm-up after {@code durationMs}, judged on the monitors' figures of its last seconds. */
    public static WarmUp of(long durationMs, int clients, List<ResourceUsage> recent) {
        Map<String, Double> jit = recent.stream().filter(u -> u.metric().equals(Metric.JIT_MS_PER_S) && Double.isFinite(u.mean()))
                .collect(Collectors.toMap(ResourceUsage::source, ResourceUsage::mean, Math::max, TreeMap::new));
        boolean quiet = jit.values().stream().allMatch(ms -> ms < QUIET_MS_PER_S);
        return new WarmUp(durationMs, clients, quiet, jit);
    }

    /** One line for people. */
    public String describe() {
        String took = String.format(Locale.ROOT, "warm-up: %s unmeasured with %d client%s", TimeSpan.formatSeconds(Math.round(durationMs / 1000.0)),
                clients, clients == 1 ? "" : "s");
        if (jitMsPerSecond.isEmpty()) {
            return took + " (no JIT readings: mqprobe cannot tell when the JVMs are warm)";
        }
        String rates = new TreeMap<>(jitMsPerSecond).entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "%s %.0f", e.getKey(), e.getValue())).collect(Collectors.joining(", "));
        return took + (quiet ? ", until the JIT compilers went quiet (" : ", its bound; JIT compilers still busy (") + rates + " ms/s)";
    }
}
