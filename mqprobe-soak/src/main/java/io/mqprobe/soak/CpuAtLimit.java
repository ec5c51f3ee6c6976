package io.mqprobe.soak;

import io.mqprobe.api.monitor.Sources;
import io.mqprobe.search.Thresholds;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Which process held a minute back by its CPU: every broker and mqprobe itself against the limit it runs under (its
 * quota, or the limit its own JVM reports from a container mqprobe was not told about), then the host. The probe's
 * thresholds decide, so a soak and a probe call the same process saturated.
 */
final class CpuAtLimit {

    /** mqprobe's own process, the load generator, as its samples name it. */

    private CpuAtLimit() {
    }

    /**
     * "broker-2 at its CPU limit in minute 1 (0.20 of 0.20 cores, 100 %; its quota ran out in 97 % of its periods)", or
     * the host's CPU when no process was at its own, or the busiest process against its limit when nothing was.
     */
    static String in(SoakMinute m) {
        Map<String, SoakMinute.Cpu> cpu = m.cpu();
        List<Map.Entry<String, SoakMinute.Cpu>> processes = cpu.entrySet().stream()
                .filter(e -> !Sources.HOST.equals(e.getKey()) && e.getValue().share() != null)
                .sorted(Comparator.comparingDouble((Map.Entry<String, SoakMinute.Cpu> e) -> e.getValue().share()).reversed())
                .toList();
        String minute = " in minute " + (m.minute() + 1);
        List<String> atLimit = processes.stream()
                .filter(e -> atLimit(e.getValue()))
                .map(e -> e.getKey() + " " + usage(e.getValue())).toList();
        if (!atLimit.isEmpty()) {
            return String.join(" and ", atLimit) + (atLimit.size() == 1 ? " at its CPU limit" : " at their CPU limits")
                    + minute;
        }
        SoakMinute.Cpu host = cpu.get(Sources.HOST);
        if (host != null && host.share() != null && 100 * host.share() >= Thresholds.HOST_SATURATED_PCT) {
            return String.format(Locale.ROOT, "the host's CPU at %.0f %% of its %.0f cores%s, no process at its own limit",
                    100 * host.share(), host.limitCores(), minute);
        }
        if (processes.isEmpty()) {
            return "no process's CPU was read" + minute;
        }
        Map.Entry<String, SoakMinute.Cpu> busiest = processes.get(0);
        return "no process at its CPU limit" + minute + ": the busiest was " + busiest.getKey() + " "
                + usage(busiest.getValue());
    }

    /**
     * One process at its CPU limit through most of a break.
     *
     * @param process the process ({@link Sources#CLIENT} for the load generator)
     * @param line    "client at its CPU limit in 26 of 30 minutes past a threshold (a median 92 % of its 0.40 cores;
     *                its quota ran out in a median 41 % of its periods)"
     */
    record Held(String process, String line) {

        boolean loadGenerator() {
            return Sources.CLIENT.equals(process);
        }
    }

    /**
     * The process at its CPU limit in the most of {@code minutes} (each a minute past a threshold), when that is at
     * least half of them: a break that lasted is named by what held it back throughout, which its first minute (often
     * cold, with nobody at a limit yet) does not say.
     */
    static Optional<Held> mostOf(List<SoakMinute> minutes) {
        Map<String, List<SoakMinute.Cpu>> atLimit = new TreeMap<>();
        for (SoakMinute m : minutes) {
            m.cpu().forEach((process, cpu) -> {
                if (!Sources.HOST.equals(process) && cpu.share() != null && atLimit(cpu)) {
                    atLimit.computeIfAbsent(process, p -> new ArrayList<>()).add(cpu);
                }
            });
        }
        return atLimit.entrySet().stream().max(Comparator.comparingInt(e -> e.getValue().size()))
                .filter(e -> 2 * e.getValue().size() >= minutes.size())
                .map(e -> new Held(e.getKey(), e.getKey() + " at its CPU limit in " + e.getValue().size() + " of "
                        + minutes.size() + " minutes past a threshold " + medians(e.getValue())));
    }

    /** The probe's rule ({@link Thresholds#processAtLimit}): at its saturation, or near it with its quota running out often. */
    private static boolean atLimit(SoakMinute.Cpu cpu) {
        return Thresholds.processAtLimit(100 * cpu.share(), cpu.throttledShare());
    }

    private static String medians(List<SoakMinute.Cpu> minutes) {
        double share = median(minutes.stream().map(SoakMinute.Cpu::share).toList());
        String used = String.format(Locale.ROOT, "(a median %.0f %% of its %.2f cores", 100 * share,
                minutes.get(0).limitCores());
        List<Double> throttled = minutes.stream().map(SoakMinute.Cpu::throttledShare).filter(Objects::nonNull).toList();
        return throttled.isEmpty() ? used + ")" : used + String.format(Locale.ROOT,
                "; its quota ran out in a median %.0f %% of its periods)", 100 * median(throttled));
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private static String usage(SoakMinute.Cpu c) {
        String used = String.format(Locale.ROOT, "(%.2f of %.2f cores, %.0f %%", c.cores(), c.limitCores(), 100 * c.share());
        return c.throttledShare() == null || c.throttledShare() <= 0 ? used + ")"
                : used + String.format(Locale.ROOT, "; its quota ran out in %.0f %% of its periods)", 100 * c.throttledShare());
    }
}
