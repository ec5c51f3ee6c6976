package io.mqprobe.probe;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceUsage;
import io.mqprobe.api.monitor.Sources;
import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.api.profile.ProcessProfile;
import io.mqprobe.api.units.HumanUnits;
import io.mqprobe.load.WarmupTarget;
import io.mqprobe.result.ScenarioProfile;
import io.mqprobe.result.StepProfile;
import io.mqprobe.result.StepResult;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Where the profiled processes' time went over the steps that set the verdict: the ceiling's steps (each process's parts
 * and waits, a line per process at or near its CPU quota naming its three largest parts), every ramp step (what grew as
 * the load grew) and the step that failed the sustainable load; and advice drawn from the shares, each line citing its
 * share.
 */
final class WhyItBinds {

    /** A process this busy (share of its quota) at the ceiling is named with its parts. */
    static final double BUSY_PCT = 75;
    /** A part or wait at least this large is worth a line of advice. */
    static final double ADVICE_SHARE = 0.10;
    /** Fewer samples than this say too little to name parts. */
    static final long MIN_SAMPLES = 50;
    /**
     * A process at its own CPU limit is named with its parts from this many samples, their precision said below
     * {@link #MIN_SAMPLES}: the recorder samples a thread only while it runs, and a broker under a 0.4-core quota gave 26-67
     * samples over a ceiling's 4-6 steps (the series of 2026-11-30 21:01), so a saturated broker went unnamed in three
     * scenarios of four.
     */
    static final long ROUGH_SAMPLES = 20;
    /** A part whose share moved this much between the lightest step and the ceiling grew or shrank with the load. */
    static final double MOVED_SHARE = 0.10;
    /** GC pauses or compilation this long per second are named beside a busy process's parts. */
    static final double JVM_MS_PER_S_NAMED = 20;
    /** GC pauses this long per second (5 % of the time) are worth a line of advice. */
    static final double GC_MS_PER_S_ADVICE = 50;
    /** One thread with this share of a pool's samples, while the pool holds {@link #HOT_POOL_SHARE} of the process's. */
    static final double HOT_THREAD_SHARE = 0.7;
    static final double HOT_POOL_SHARE = 0.3;
    /** How a TLS share's advice ends without a plaintext scenario beside it; {@link TlsCost} prices it when one ran. */
    static final String PLAINTEXT_HINT = ": a plaintext probe of the same cluster tells what encryption costs in MB/s"
            + " (--security plaintext,ssl runs both); TLS also turns off zero-copy fetches";
    private static final List<String> CODECS = List.of("gzip", "snappy", "lz4", "zstd");
    /** The setting that sizes each pool, and what it can and cannot do for one hot thread. */
    private static final Map<String, String> POOL_SETTINGS = Map.of(
            "request handlers", "one handler appends to a partition at a time, so more partitions spread the work;"
                    + " num.io.threads only adds idle handlers",
            "network processors", "a connection stays on one processor, so more connections spread the work;"
                    + " num.network.threads adds processors",
            "replica fetchers", "a fetcher serves the partitions of one leader broker given to it; num.replica.fetchers"
                    + " spreads them over more fetchers",
            "client send threads", "more producers (--clients) spread the sends");

    private WhyItBinds() {
    }

    /** The step that failed the sustainable load and what broke there, as the search said it. */
    record FailingStep(StepResult step, String limitedBy) {
    }

    /**
     * @param ramp        the ramp's steps, the ceiling's among them, for what grew with the load
     * @param atCeiling   the ceiling's steps (the plateau's, or its one step)
     * @param resources   the resources over those steps, for each process's CPU and its JVM's pauses and compilation
     * @param failing     the step that failed the sustainable load, or {@code null}
     */
    static Optional<ScenarioProfile> of(CpuProfiles profiles, List<StepResult> ramp, List<StepResult> atCeiling,
                                        List<ResourceUsage> resources, FailingStep failing) {
        List<CpuProfiles.Window> windows = atCeiling.stream().map(WhyItBinds::window).toList();
        Map<String, ResourceUsage> cpu = byProcess(resources, Metric.CPU_CORES);
        Map<String, List<Integer>> atLimit = new TreeMap<>();
        List<ProcessProfile> processes = profiles.over(windows).stream()
                .map(p -> overItsLimit(p, cpu.get(p.source()), profiles, ramp, atCeiling, atLimit))
                .filter(p -> p.samples() >= ROUGH_SAMPLES || !p.waits().isEmpty())
                .toList();
        if (processes.isEmpty()) {
            return Optional.empty();
        }
        List<StepProfile> bySteps = new ArrayList<>();
        ramp.forEach(step -> bySteps.add(stepProfile(profiles, step)));
        StepProfile atFailing = failing == null ? null : stepProfile(profiles, failing.step());
        if (atFailing != null) {
            bySteps.add(atFailing);
        }
        List<String> why = new ArrayList<>();
        List<String> advice = new ArrayList<>();
        ResourceUsage host = cpu.get(Sources.HOST);
        boolean hostFull = host != null && host.meanAtLeastPct(ProbeJudge.HOST_BUSY_PCT);
        for (ProcessProfile sampled : processes) {
            ProcessProfile p = inQuota(sampled, resources);
            ResourceUsage used = cpu.get(p.source());
            // a process without a known limit cannot be called busy, nor one of several sharing a full host: their parts
            // are named with the cores they used
            boolean ownLimit = used != null && used.meanAtLeastPct(BUSY_PCT);
            if (used != null && p.samples() >= (ownLimit ? ROUGH_SAMPLES : MIN_SAMPLES) && (ownLimit || !used.hasCapacity() || hostFull)) {
                String load = ownLimit ? HumanUnits.pct(used.meanPct().getAsDouble())
                        : String.format(Locale.ROOT, "%.2f cores (%s)", used.mean(), hostFull ? "on a full host" : "no limit known");
                why.add(p.source() + " CPU " + load + ": " + p.top(3) + basis(p.samples(), ScenarioProfile.stepsAtLimit(atLimit, p.source()))
                        + jvmTimes(p.source(), resources));
            }
            advice.addAll(advice(sampled, p));
            gcAdvice(p.source(), resources).ifPresent(advice::add);
        }
        List<Integer> indices = atCeiling.stream().map(StepResult::index).toList();
        grown(processes, ramp, indices, bySteps).forEach(why::add);
        if (atFailing != null) {
            why.addAll(atFailing(atFailing, failing));
        }
        String at = (indices.size() == 1 ? "the ceiling's step " : "the ceiling's steps ")
                + indices.stream().map(String::valueOf).collect(Collectors.joining(", "));
        return Optional.of(new ScenarioProfile(at, indices, processes, why, advice, bySteps,
                failing == null ? null : failing.step().index(), atLimit));
    }

    /**
     * A process at its own CPU limit over the ceiling's steps with fewer than {@link #MIN_SAMPLES} samples there, profiled
     * over every ramp step it ran at that limit (the ceiling's and those before or after them), when that gives more:
     * the recorder sees only the Java part of a broker's CPU (its socket and file system calls run in the kernel), about
     * one sample a second from a broker under a 0.4-core quota, so a ceiling of two steps left a saturated broker with 14
     * samples and unnamed (2026-12-01). Its profile is then its own: the steps are kept in {@code atLimit}.
     */
    private static ProcessProfile overItsLimit(ProcessProfile p, ResourceUsage used, CpuProfiles profiles, List<StepResult> ramp,
                                               List<StepResult> atCeiling, Map<String, List<Integer>> atLimit) {
        if (p.samples() >= MIN_SAMPLES || used == null || !used.meanAtLeastPct(BUSY_PCT)) {
            return p;
        }
        List<StepResult> steps = ramp.stream().filter(step -> atCeiling.contains(step) || ranAtLimit(step, p.source())).toList();
        if (steps.size() <= atCeiling.size()) {
            return p;
        }
        Optional<ProcessProfile> wider = profiles.over(steps.stream().map(WhyItBinds::window).toList()).stream()
                .filter(q -> q.source().equals(p.source()) && q.samples() > p.samples()).findFirst();
        wider.ifPresent(q -> atLimit.put(p.source(), steps.stream().map(StepResult::index).toList()));
        return wider.orElse(p);
    }

    private static boolean ranAtLimit(StepResult step, String source) {
        return step.resources().stream().anyMatch(r -> source.equals(r.source()) && Metric.CPU_CORES.equals(r.metric())
                && r.meanAtLeastPct(BUSY_PCT));
    }

    /** Which steps a profile widened to its process's limit came from, and how far its shares may be off. */
    static String basis(long samples, Optional<String> stepsAtLimit) {
        String rough = precision(samples);
        return stepsAtLimit.map(steps -> rough.isEmpty() ? " (" + steps + ")" : " (" + steps + "; " + rough.substring(2)).orElse(rough);
    }

    /**
     * Nothing from enough samples; from fewer, how many and how far a share may be off (a 95 % interval's half-width at
     * a share of one half, the widest).
     */
    static String precision(long samples) {
        if (samples >= MIN_SAMPLES) {
            return "";
        }
        return String.format(Locale.ROOT, " (only %d samples: shares ±%.0f points)", samples, 100 * 1.96 * 0.5 / Math.sqrt(samples));
    }

    private static StepProfile stepProfile(CpuProfiles profiles, StepResult step) {
        return new StepProfile(step.index(), profiles.over(List.of(window(step))).stream().map(ProcessProfile::withoutFlame).toList());
    }

    /**
     * Per busy process, the parts that moved by {@link #MOVED_SHARE} or more from the lightest ramp step with enough
     * samples to the ceiling: "broker-2 from step 1 (41.2 MB/s) to the ceiling: replication fetch (follower) 12 % → 31 %".
     */
    static List<String> grown(List<ProcessProfile> atCeiling, List<StepResult> ramp, List<Integer> ceilingSteps,
                              List<StepProfile> bySteps) {
        List<String> lines = new ArrayList<>();
        for (ProcessProfile ceiling : atCeiling) {
            if (ceiling.samples() < MIN_SAMPLES) {
                continue;
            }
            for (StepResult step : ramp) {
                if (ceilingSteps.contains(step.index())) {
                    break;
                }
                Optional<ProcessProfile> light = bySteps.stream().filter(s -> s.step() == step.index()).findFirst()
                        .flatMap(s -> s.processes().stream().filter(p -> p.source().equals(ceiling.source())).findFirst())
                        .filter(p -> p.samples() >= MIN_SAMPLES);
                if (light.isPresent()) {
                    String moved = moved(light.get(), ceiling);
                    if (!moved.isEmpty()) {
                        lines.add(ceiling.source() + " from step " + step.index() + " (" + HumanUnits.mbPerSecond(step.bytesPerSecond())
                                + ") to the ceiling: " + moved);
                    }
                    break;
                }
            }
        }
        return lines;
    }

    /** "replication fetch (follower) 12 % → 31 %, request handling 40 % → 22 %": largest move first. */
    private static String moved(ProcessProfile from, ProcessProfile to) {
        List<String> names = new ArrayList<>();
        from.parts().forEach(p -> names.add(p.name()));
        to.parts().stream().map(ProcessProfile.Part::name).filter(n -> !names.contains(n)).forEach(names::add);
        return names.stream().filter(n -> Math.abs(to.share(n) - from.share(n)) >= MOVED_SHARE)
                .sorted(Comparator.comparingDouble((String n) -> Math.abs(to.share(n) - from.share(n))).reversed())
                .map(n -> n + " " + HumanUnits.pct(100 * from.share(n)) + " → " + HumanUnits.pct(100 * to.share(n)))
                .collect(Collectors.joining(", "));
    }

    /**
     * At the step that failed the sustainable load: each process at or near its quota with its parts (or the busiest one
     * when none was), and every wait large enough for advice, since a load that fails on latency often fails on a wait.
     */
    private static List<String> atFailing(StepProfile profile, FailingStep failing) {
        String prefix = "at step " + failing.step().index() + ", which the sustainable load failed (" + failing.limitedBy() + "): ";
        Map<String, ResourceUsage> cpu = byProcess(failing.step().resources(), Metric.CPU_CORES);
        List<ProcessProfile> sampled = profile.processes().stream().filter(p -> p.samples() >= MIN_SAMPLES && cpu.containsKey(p.source()))
                // a process whose limit is unknown last: its share cannot be compared
                .sorted(Comparator.comparingDouble((ProcessProfile p) -> cpu.get(p.source()).meanPct().orElse(Double.NEGATIVE_INFINITY))
                        .reversed()).toList();
        List<String> lines = new ArrayList<>();
        for (ProcessProfile p : sampled) {
            ResourceUsage used = cpu.get(p.source());
            if (used.meanAtLeastPct(BUSY_PCT) || lines.isEmpty()) {
                String load = used.hasCapacity() ? HumanUnits.pct(used.meanPct().getAsDouble()) : HumanUnits.cores(used);
                lines.add(prefix + p.source() + " CPU " + load + ": " + inQuota(p, failing.step().resources()).top(3));
            }
        }
        profile.processes().forEach(p -> p.waits().stream().filter(w -> w.share() >= ADVICE_SHARE)
                .forEach(w -> lines.add(prefix + p.source() + ": " + w.describe())));
        return lines;
    }

    /**
     * The process as its quota saw it: without mqprobe's monitors when their threads ran outside the quota (the process
     * reports their cores), else as sampled.
     */
    private static ProcessProfile inQuota(ProcessProfile p, List<ResourceUsage> resources) {
        return byProcess(resources, Metric.CPU_MONITORS_CORES).containsKey(p.source()) ? p.without(ProcessProfile.MONITORING) : p;
    }

    /**
     * What the shares suggest: compression and TLS on a broker, waits on a lock or for buffer memory, a hot thread.
     *
     * @param sampled the process as sampled, for the monitors' own share
     * @param p       the process as its quota saw it ({@link #inQuota}), for every other share, as its "why" line gives them
     */
    static List<String> advice(ProcessProfile sampled, ProcessProfile p) {
        boolean monitorsOutside = p != sampled;
        List<String> lines = new ArrayList<>();
        boolean broker = Sources.isBroker(p.source());
        if (sampled.samples() >= MIN_SAMPLES) {
            for (String codec : CODECS) {
                double share = p.share("compression (" + codec + ")");
                if (share >= ADVICE_SHARE && broker) {
                    lines.add(p.source() + " spends " + HumanUnits.pct(100 * share) + " of its sampled CPU in " + codec
                            + " compression: a broker recompresses every batch when the topic's compression.type differs from"
                            + " the producer's (or the topic is compacted); set compression.type=producer on the topic or the"
                            + " producer's codec to the topic's");
                } else if (share >= ADVICE_SHARE) {
                    lines.add(p.source() + " spends " + HumanUnits.pct(100 * share) + " of its sampled CPU in " + codec
                            + " compression");
                }
            }
            double tls = p.share("TLS");
            if (tls >= ADVICE_SHARE) {
                lines.add(p.source() + " spends " + HumanUnits.pct(100 * tls) + " of its sampled CPU in TLS" + PLAINTEXT_HINT);
            }
            double monitoring = sampled.share(ProcessProfile.MONITORING);
            if (monitoring >= ADVICE_SHARE / 2) {
                lines.add(p.source() + " spent " + HumanUnits.pct(100 * monitoring) + " of its sampled CPU answering JMX and its"
                        + " flight recording (mqprobe's own monitors; " + (monitorsOutside ? "their threads ran outside its quota, so"
                        + " its parts above leave them out" : "--no-profile leaves the recording out") + ")");
            }
            p.pools().stream().filter(WhyItBinds::hot).forEach(pool -> lines.add(hotThread(p.source(), pool)));
        }
        for (ProcessProfile.Wait w : p.waits()) {
            if (w.share() >= ADVICE_SHARE) {
                String hint = w.site().contains("SecureRandom") ? ": SecureRandom waits for entropy under a lock; a JVM"
                        + " started with -Djava.security.egd=file:/dev/./urandom does not"
                        : w.kind().equals("buffer memory") ? ": the producer's buffer.memory is full, so sends wait for the"
                        + " brokers to acknowledge" : "";
                lines.add(p.source() + ": " + w.describe() + hint);
            }
        }
        return lines;
    }

    /** One thread doing most of a busy pool's work while the pool has others: more of them would idle too. */
    static boolean hot(ProcessProfile.Pool pool) {
        return pool.threads() >= 2 && pool.busiestShare() >= HOT_THREAD_SHARE && pool.share() >= HOT_POOL_SHARE;
    }

    private static String hotThread(String source, ProcessProfile.Pool pool) {
        String setting = POOL_SETTINGS.get(pool.name());
        return source + ": " + pool.busiest() + " ran " + HumanUnits.pct(100 * pool.busiestShare()) + " of the " + pool.name()
                + "' samples while " + (pool.threads() - 1) + " other" + (pool.threads() == 2 ? "" : "s") + " idled (the pool ran "
                + HumanUnits.pct(100 * pool.share()) + " of the process's)" + (setting == null ? "" : ": " + setting);
    }

    /**
     * "; GC pauses 31 ms/s, compiling 45 ms/s of CPU" when either is large enough to name, else "": a local JVM's
     * compiling is its compilers' CPU, a remote one's its compile clock (as the warm-up judges them, WarmupTarget).
     */
    private static String jvmTimes(String source, List<ResourceUsage> resources) {
        List<String> times = new ArrayList<>();
        Optional.ofNullable(byProcess(resources, Metric.GC_MS_PER_S).get(source)).filter(r -> r.mean() >= JVM_MS_PER_S_NAMED)
                .ifPresent(r -> times.add("GC pauses " + Math.round(r.mean()) + " ms/s"));
        WarmupTarget.compileRates(resources).stream().filter(r -> source.equals(r.source()) && r.mean() >= JVM_MS_PER_S_NAMED)
                .findFirst().ifPresent(r -> times.add("compiling " + Math.round(r.mean()) + WarmupTarget.unit(r)));
        return times.isEmpty() ? "" : "; " + String.join(", ", times);
    }

    /**
     * GC pauses are not in the sampled stacks (the recorder samples Java threads, and a paused JVM runs none), so their
     * share comes from the JVM's own collection time. Humongous objects cut both ways: a broker's passing request and
     * fetch buffers above half a region each began a concurrent cycle (EmbeddedKafkaCluster's region size), while a
     * producer's pooled batch buffers above it are placed once and never copied again (./mqprobe's region size).
     */
    private static Optional<String> gcAdvice(String source, List<ResourceUsage> resources) {
        String regions = Sources.isLoadGenerator(source)
                ? " (MQPROBE_JAVA_OPTS), and batch buffers of half a G1 region or more are humongous objects, placed once"
                        + " and never copied: -XX:G1HeapRegionSize at most twice batch.size keeps them so"
                : ", and batches larger than half a G1 region are allocated as humongous objects: -XX:G1HeapRegionSize above"
                        + " twice batch.size avoids them";
        return Optional.ofNullable(byProcess(resources, Metric.GC_MS_PER_S).get(source)).filter(r -> r.mean() >= GC_MS_PER_S_ADVICE)
                .map(r -> source + " paused for GC " + Math.round(r.mean()) + " ms of every second at the ceiling ("
                        + HumanUnits.pct(r.mean() / 10) + " of the time): a larger heap (-Xmx) makes collections rarer" + regions);
    }

    private static Map<String, ResourceUsage> byProcess(List<ResourceUsage> resources, String metric) {
        Map<String, ResourceUsage> by = new TreeMap<>();
        resources.stream().filter(r -> metric.equals(r.metric())).forEach(r -> by.put(r.source(), r));
        return by;
    }

    /** A step's measured window: from the end of its warm-up for its measured length. */
    static CpuProfiles.Window window(StepResult step) {
        long from = Instant.parse(step.startedAt()).toEpochMilli() + step.warmupMs();
        return new CpuProfiles.Window(from, from + step.measuredMs());
    }
}
