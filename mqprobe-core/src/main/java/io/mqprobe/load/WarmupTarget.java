package io.mqprobe.load;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.units.HumanUnits;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How long a warm-up step runs: until every JVM watched (brokers, mqprobe, load workers) has compiled less than
 * {@code compileMsPerSecond} of JIT time per second over {@link #WINDOW} once since its {@code shortest}, at most
 * {@code longest} ({@link Watch}). A broker in production finished compiling long ago; a fresh one meets the replication code cold,
 * and its compilers, outside any quota, take the machine's cores from the work being measured (1.2-2.8 s of compile
 * time per second summed over three brokers, minutes into a default probe here).
 *
 * <p>A JVM on this host is judged by its compiler threads' CPU ({@code jit.cpu_ms_per_s}, from /proc); a remote one by
 * its compile clock ({@code jit.ms_per_s}, over JMX), the only figure it gives. The clock counts a compilation's wall
 * time, its waits for a core included: in replicated-all's warm-up here it read 424-564 ms/s while the same compilers
 * used 108-175 ms of CPU a second, so on a crowded host it kept JVMs "compiling" that had little left to compile, and
 * the warm-up ran to its cap.
 *
 * @param compileMsPerSecond the most JIT time per second of wall time a warm JVM still spends, above 0
 * @param shortest           the warm-up's least length, at least 1 s: the rates need two readings
 * @param longest            the warm-up's greatest length, at least {@code shortest}
 */
public record WarmupTarget(double compileMsPerSecond, Duration shortest, Duration longest) {

    /** Warm below 50 ms of compilation a second (5 % of one core), after at least 5 s, at most a minute. */
    public static final WarmupTarget DEFAULT = new WarmupTarget(50, Duration.ofSeconds(5), Duration.ofSeconds(60));

    /** The readings judged: the last seconds, so one second's burst of compilation does not end or prolong the wait. */
    public static final Duration WINDOW = Duration.ofSeconds(3);

    public WarmupTarget {
        if (!(compileMsPerSecond > 0)) {
            throw new UsageException("a warm JVM's compile rate bound must be above 0 ms/s");
        }
        if (shortest.toMillis() < 1000 || longest.compareTo(shortest) < 0) {
            throw new UsageException("a warm-up lasts at least 1s and its longest (" + longest.toSeconds()
                    + "s) must not be shorter than its shortest (" + shortest.toSeconds() + "s)");
        }
    }

    /** A warm-up starting now. */
    public Watch watch() {
        return new Watch(this);
    }

    /**
     * The JVM that compiled most above the bound in {@code readings}, if any compiled above it: per JVM its compilers'
     * CPU when it was read, else its compile clock.
     */
    public Optional<ResourceUsage> hottest(List<ResourceUsage> readings) {
        return compileRates(readings).stream().filter(u -> u.mean() > compileMsPerSecond)
                .max(Comparator.comparingDouble(ResourceUsage::mean));
    }

    /** Per JVM its compile figure: its compilers' CPU ({@code jit.cpu_ms_per_s}) when read, else its compile clock. */
    public static List<ResourceUsage> compileRates(List<ResourceUsage> readings) {
        Set<String> byCpu = readings.stream().filter(u -> Metric.JIT_CPU_MS_PER_S.equals(u.metric()))
                .map(ResourceUsage::source).collect(Collectors.toSet());
        return readings.stream().filter(u -> Metric.JIT_CPU_MS_PER_S.equals(u.metric())
                || Metric.JIT_MS_PER_S.equals(u.metric()) && !byCpu.contains(u.source())).toList();
    }

    /** " ms/s of CPU" for a compilers' CPU figure, " ms/s" for a compile clock. */
    public static String unit(ResourceUsage compileRate) {
        return Metric.JIT_CPU_MS_PER_S.equals(compileRate.metric()) ? " ms/s of CPU" : " ms/s";
    }

    /**
     * "broker-2 compiling 120 ms/s of CPU" (its compilers' CPU) or "broker-2 compiling 340 ms/s" (a remote JVM's compile
     * clock) for the hottest JVM above the bound, for a step's flag.
     */
    public Optional<String> compiling(List<ResourceUsage> readings) {
        return hottest(readings).map(u -> u.source() + " compiling " + HumanUnits.number(Math.round(u.mean())) + unit(u));
    }

    /**
     * One warm-up's JVMs, each warm from the first {@link #WINDOW} in which it compiled below the bound: its cold burst
     * is over. After it, JVMs compile in bursts for minutes (code called once a second, by the monitors, reaches the
     * compilers' thresholds late), and four JVMs seldom sit below the bound in the same three seconds. Asked to, a
     * single-scenario warm-up ran 43-48 s here (2026-11-30, two probes), where each JVM had been below the bound by its
     * 20-30th second (broker-1 by 26 s, mqprobe by 20-30 s, the idle brokers by 6-8 s). A JVM that compiles again
     * afterwards still flags the steps measured while it does ({@link #compiling}).
     */
    public static final class Watch {

        private final WarmupTarget target;
        private final Set<String> cooled = new HashSet<>();

        private Watch(WarmupTarget target) {
            this.target = target;
        }

        /**
         * Notes which JVMs among the last seconds' readings compile below the bound; true once every one of them has
         * (true as well when no JVM reports its compilation).
         */
        public boolean warm(List<ResourceUsage> recent) {
            List<ResourceUsage> rates = compileRates(recent);
            rates.stream().filter(u -> u.mean() <= target.compileMsPerSecond()).forEach(u -> cooled.add(u.source()));
            return rates.stream().allMatch(u -> cooled.contains(u.source()));
        }

        /** "broker-2 compiling 120 ms/s of CPU" for the hottest JVM among {@code recent} that was never warm, if any. */
        public Optional<String> stillCold(List<ResourceUsage> recent) {
            List<ResourceUsage> cold = recent.stream().filter(u -> !cooled.contains(u.source())).toList();
            return target.compiling(cold);
        }
    }
}
