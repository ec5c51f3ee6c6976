package io.mqprobe.probe;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.load.WarmupTarget;
import io.mqprobe.search.Bottleneck;
import io.mqprobe.search.StepMeasurement;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a CPU that bounded the sustainable load was partly its JVM's compilers. mqprobe runs the compilers of the
 * brokers it starts outside their quotas; a broker it did not start compiles on the CPU it is judged by. A plain Kafka
 * broker under a 0.4-core limit here compiled at every paced step of a probe (its compile clock 244-627 ms/s, 2026-12-02),
 * so its CPU stood at 70-90 % of the limit from 1,888 to 15,102 msgs/s and no rate passed, without a word on why.
 */
final class ColdCpu {

    /** A CPU breach as {@link io.mqprobe.search.ThresholdBreaches} writes it: "broker-1 CPU 77 % > 75 %". */
    private static final Pattern CPU_BREACH = Pattern.compile("(\\S+) CPU \\d[\\d.]* % > ");

    private ColdCpu() {
    }

    /** {@code limitedBy}, followed by its {@link #note} when there is one. */
    static String told(String limitedBy, List<StepMeasurement> steps) {
        return note(limitedBy, steps).map(n -> limitedBy + "; " + n).orElse(limitedBy);
    }

    /**
     * "broker-1 compiled at 7 of 7 paced steps (244-627 ms/s) on the CPU it was judged by: …" for each
     * source whose CPU breach {@code limitedBy} names and that compiled above a warm JVM's rate, with its compilers on
     * that CPU, in at least half of {@code steps}; empty when none did.
     */
    static Optional<String> note(String limitedBy, List<StepMeasurement> steps) {
        if (limitedBy == null) {
            return Optional.empty();
        }
        return joined(compiledOnTheirCpu(cpuBreaches(limitedBy), steps).stream()
                .map(c -> c.source() + " compiled at " + c.steps() + " of " + steps.size() + " paced steps (" + c.rates()
                        + ") on the CPU it was judged by").toList())
                .map(n -> n + ": part of that CPU went to compiling, which a broker warm from production no longer spends"
                        + " (mqprobe runs the compilers outside the quota only of a broker it starts and isolates)");
    }

    /**
     * "broker-2 compiled 152-653 ms/s at the ceiling (3 of its 3 steps) on the CPU it was judged by: …" when the CPU a
     * verdict names (alone or among co-limits) was partly its JVM's compilers at the ceiling, in at least half of its steps:
     * the ceiling is then a cold JVM's. A plain Kafka broker under a 0.4-core limit here still compiled 1,107 ms/s when
     * the probe's minute of warm-up ran out (2026-12-04 21:33), and the verdict named that broker at 45.5k msgs/s, where
     * the paced steps after it, once it had compiled, carried 43k msgs/s on 0.15 cores.
     *
     * @param warmupEnd what the scenario's warm-up ended with ("broker-2 compiling 1107 ms/s"), or {@code null}
     */
    static Optional<String> atCeiling(Bottleneck verdict, List<StepMeasurement> ceilingSteps, String warmupEnd) {
        Set<String> cpus = new LinkedHashSet<>();
        verdict.limits().stream().filter(l -> Bottleneck.CPU.equals(l.resource()) && !Sources.HOST.equals(l.source()))
                .forEach(l -> cpus.add(l.source()));
        List<Compiling> compiling = compiledOnTheirCpu(cpus, ceilingSteps);
        // the warm-up's end is named when it was one of these JVMs that still compiled then
        String warmup = warmupEnd == null || compiling.stream().noneMatch(c -> warmupEnd.startsWith(c.source() + " ")) ? ""
                : " (the warm-up ended with " + warmupEnd + ")";
        return joined(compiling.stream()
                .map(c -> c.source() + " compiled " + c.rates() + " at the ceiling" + (ceilingSteps.size() == 1 ? ""
                        : " (" + c.steps() + " of its " + ceilingSteps.size() + " steps)") + " on the CPU it was judged by").toList())
                .map(n -> n + ": the ceiling is a cold JVM's, which a warm one passes" + warmup + "; a longer --jvm-warmup, or"
                        + " the probe run again on these brokers, measures them warm");
    }

    /** A source that compiled above a warm JVM's rate on the CPU it was judged by, at {@code steps} steps, {@code rates} ("152-653 ms/s"). */
    private record Compiling(String source, long steps, String rates) {
    }

    private static Optional<String> joined(List<String> notes) {
        return notes.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", notes));
    }

    /** The sources that compiled so in at least half of {@code steps}. */
    private static List<Compiling> compiledOnTheirCpu(Set<String> sources, List<StepMeasurement> steps) {
        List<Compiling> found = new ArrayList<>();
        for (String source : sources) {
            DoubleSummaryStatistics compiling = new DoubleSummaryStatistics();
            String unit = null;
            for (StepMeasurement step : steps) {
                Optional<ResourceUsage> rate = compileOnItsCpu(source, step.resources());
                if (rate.isPresent() && rate.get().mean() > WarmupTarget.DEFAULT.compileMsPerSecond()) {
                    compiling.accept(rate.get().mean());
                    unit = WarmupTarget.unit(rate.get());
                }
            }
            if (compiling.getCount() > 0 && 2 * compiling.getCount() >= steps.size()) {
                long least = Math.round(compiling.getMin());
                long most = Math.round(compiling.getMax());
                String range = least == most ? HumanUnits.number(most) : HumanUnits.number(least) + "-" + HumanUnits.number(most);
                found.add(new Compiling(source, compiling.getCount(), range + unit));
            }
        }
        return found;
    }

    private static Set<String> cpuBreaches(String limitedBy) {
        Set<String> sources = new LinkedHashSet<>();
        Matcher m = CPU_BREACH.matcher(limitedBy);
        while (m.find()) {
            sources.add(m.group(1));
        }
        return sources;
    }

    /** The source's compile rate when its compilers ran on its own CPU reading: none of its CPU was read outside a quota. */
    private static Optional<ResourceUsage> compileOnItsCpu(String source, List<ResourceUsage> readings) {
        boolean compilersOutside = readings.stream()
                .anyMatch(r -> source.equals(r.source()) && Metric.CPU_OUTSIDE_QUOTA_CORES.equals(r.metric()));
        if (compilersOutside) {
            return Optional.empty();
        }
        return WarmupTarget.compileRates(readings).stream().filter(r -> source.equals(r.source())).findFirst();
    }
}
