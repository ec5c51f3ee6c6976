package io.mqprobe.load;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.units.HumanUnits;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How long a warm-up step runs: until every JVM watched (brokers, mqprobe, load workers) compiles less than
 * {@code compileMsPerSecond} of JIT time per second over the last {@link #WINDOW}, at least {@code shortest}, at most
 * {@code longest}. A broker in production finished compiling long ago; a fresh one meets the replication code cold,
 * and its compilers, outside any quota, take the machine's cores from the work being measured (1.2-2.8 s of compile
 * time per second summed over three brokers, minutes into a default probe here).
 *
 * <p>A JVM on this host is judged by its compiler threads' CPU ({@code jit.cpu_ms_per_s}, from /proc); a remote one by
 * its compile clock ({@code jit.ms_per_s}, over JMX), the only figure it gives. The clock counts a compilation's wall
 * time, its waits for a core included: in replicated-all's warm-up here it read 424-564 ms/s while the same compilers
 * used 108-175 ms of CPU a second, so on a crowded host it kept JVMs "compiling" that had little left to compile, and
 * the warm-up ran to its cap.
 *
 * <p>A warm-up also ends once its compilation no longer falls ({@link #stalled}): the JVMs' compile rates summed over
 * the last {@code trend} kept at least {@link #NO_LONGER_FALLING} of the stretch before. Compilation is bounded by the
 * cores the compilers get, which a saturating warm-up leaves few of: in replicated-all here (three runs of 2026-11-30)
 * the three brokers compiled 100-150 ms/s of CPU each from the warm-up's 10th second to its 60th, and on at that rate
 * into the measured steps, so the warm-up's last 30-40 s bought nothing but time. Steps measured while a JVM still
 * compiles are flagged all the same.
 *
 * @param compileMsPerSecond the most JIT time per second of wall time a warm JVM still spends, above 0
 * @param shortest           the warm-up's least length, at least 1 s: the rates need two readings
 * @param longest            the warm-up's greatest length, at least {@code shortest}
 * @param trend              the stretch whose compilation is compared with the one before it, at least 1 s
 */
public record WarmupTarget(double compileMsPerSecond, Duration shortest, Duration longest, Duration trend) {

    /** The stretch a warm-up's compilation is compared over: ten readings, so one burst does not decide it. */
    public static final Duration TREND = Duration.ofSeconds(10);

    /** Warm below 50 ms of compilation a second (5 % of one core), after at least 5 s, at most a minute. */
    public static final WarmupTarget DEFAULT = new WarmupTarget(50, Duration.ofSeconds(5), Duration.ofSeconds(60));

    /**
     * Compilation that kept at least this share of the stretch before has stopped falling. Over 10 s stretches of the
     * runs above, a warm-up still warming fell by a quarter to a half from one stretch to the next; a stalled one moved
     * by -14 % to +30 %.
     */
    static final double NO_LONGER_FALLING = 0.8;

    /** Why a warm-up ended with every JVM under the bound. */
    public static final String WARM = "every JVM warm";
    /** Why a warm-up ended neither warm nor stalled. */
    public static final String RAN_OUT = "its longest or its byte cap";

    public WarmupTarget(double compileMsPerSecond, Duration shortest, Duration longest) {
        this(compileMsPerSecond, shortest, longest, TREND);
    }

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
        if (trend.toMillis() < 1000) {
            throw new UsageException("a warm-up's compilation is compared over at least 1s");
        }
    }

    /** True when no JVM among {@code recent} compiled above the bound; true as well when no JVM reports its compilation. */
    public boolean warm(List<ResourceUsage> recent) {
        return hottest(recent).isEmpty();
    }

    /**
     * The JVM that compiled most above the bound in {@code readings}, if any compiled above it: per JVM its compilers'
     * CPU when it was read, else its compile clock.
     */
    public Optional<ResourceUsage> hottest(List<ResourceUsage> readings) {
        return compileRates(readings).stream().filter(u -> u.mean() > compileMsPerSecond)
                .max(Comparator.comparingDouble(ResourceUsage::mean));
    }

    /**
     * Why the warm-up should end for want of progress, or empty while its compilation still falls: when the JVMs above
     * the bound in {@code last} (the latest {@link #trend}) together compiled at least {@link #NO_LONGER_FALLING} of what
     * they compiled in {@code before} (the stretch before it).
     */
    public Optional<String> stalled(List<ResourceUsage> last, List<ResourceUsage> before) {
        Set<String> hot = compileRates(last).stream().filter(u -> u.mean() > compileMsPerSecond).map(ResourceUsage::source)
                .collect(Collectors.toSet());
        double now = compiled(last, hot);
        double earlier = compiled(before, hot);
        if (hot.isEmpty() || !(earlier > 0) || now < NO_LONGER_FALLING * earlier) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "compilation no longer falling: %s ms/s over the last %ds against %s before",
                HumanUnits.number(Math.round(now)), trend.toSeconds(), HumanUnits.number(Math.round(earlier))));
    }

    /** The compile figures of {@code sources} summed. */
    private static double compiled(List<ResourceUsage> readings, Set<String> sources) {
        return compileRates(readings).stream().filter(u -> sources.contains(u.source())).mapToDouble(ResourceUsage::mean).sum();
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
}
