package io.mqprobe.monitor.profile;

import io.mqprobe.api.profile.CpuProfiles;
import io.mqprobe.api.profile.FlameNode;
import io.mqprobe.api.profile.ProcessProfile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every recorded process's samples, second by second, for the run: on-CPU samples by part and by stack, the threads
 * seen per pool, and the waits per pool and site. Bounded: {@link #MAX_SECONDS} seconds per process and
 * {@link #MAX_STACKS} distinct stacks over the run (later new stacks count under one placeholder), so a soak of hours
 * keeps its last hours and a few tens of MB.
 */
public final class ProfileStore implements CpuProfiles {

    static final int MAX_SECONDS = 4 * 3600;
    /** A flame graph keeps frames with at least this share of the samples: a few hundred frames, readable, small. */
    static final double FLAME_MIN_SHARE = 0.005;
    /** ... and at most this deep (the recorder's own stacks stop at 64 frames). */
    static final int FLAME_MAX_DEPTH = 64;
    static final int MAX_STACKS = 50_000;
    static final String MORE_STACKS = "[more distinct stacks than kept]";
    /** How long {@link #over} waits at most for recordings read a few seconds late to reach a window's end. */
    static final long CATCH_UP_MS = 8_000;
    /**
     * A broker lists its threads every 10 s (see {@link StackProfile#THREAD_LIST_PERIOD}): a pool's members are those seen
     * this long around the windows, so a step shorter than the period still counts its idle threads.
     */
    static final long THREAD_LIST_MS = 10_000;
    /** A process whose newest event is older than this before a window's end is not waited for: it stopped recording. */
    private static final long RECORDING_GAP_MS = 20_000;

    private final Map<String, Process> processes = new LinkedHashMap<>();
    /** What applies a change of {@link #sampling}: each recorder's settings. */
    private final List<Runnable> samplingSwitches = new CopyOnWriteArrayList<>();
    private volatile boolean sampling = true;
    private final Map<String, Integer> stackIds = new HashMap<>();
    private final List<String> stacks = new ArrayList<>();

    /** One second of one process: Java samples, native samples of working threads, and the threads seen in native code. */
    private static final class Second {
        final Map<String, Integer> parts = new HashMap<>();
        final Map<Integer, Integer> stacks = new HashMap<>();
        final Map<String, Integer> nativeParts = new HashMap<>();
        final Map<Integer, Integer> nativeStacks = new HashMap<>();
        final Set<String> nativeThreads = new HashSet<>();
        final Map<String, Set<String>> poolThreads = new HashMap<>();
        final Map<List<String>, Long> waitNanos = new HashMap<>();
        /** Java samples and native samples at work, per {pool, thread}. */
        final Map<List<String>, Integer> threadSamples = new HashMap<>();
        final Map<List<String>, Integer> nativeThreadSamples = new HashMap<>();
    }

    private static final class Process {
        final boolean broker;
        final TreeMap<Long, Second> seconds = new TreeMap<>();
        long newestEventMs = Long.MIN_VALUE;

        Process(boolean broker) {
            this.broker = broker;
        }

        Second at(long epochMs) {
            newestEventMs = Math.max(newestEventMs, epochMs);
            Second second = seconds.computeIfAbsent(epochMs / 1000, k -> new Second());
            while (seconds.size() > MAX_SECONDS) {
                seconds.pollFirstEntry();
            }
            return second;
        }
    }

    /**
     * An on-CPU sample.
     *
     * @param frames {@code class.method} per frame, the running frame first
     */
    public synchronized void onCpu(String source, boolean broker, long epochMs, String thread, List<String> frames) {
        String pool = Subsystems.pool(thread);
        Second second = process(source, broker).at(epochMs);
        second.parts.merge(Subsystems.part(frames, pool, broker), 1, Integer::sum);
        second.stacks.merge(stackId(pool, frames), 1, Integer::sum);
        second.poolThreads.computeIfAbsent(pool, k -> new HashSet<>()).add(thread);
        second.threadSamples.merge(List.of(pool, String.valueOf(thread)), 1, Integer::sum);
    }

    /**
     * A native-method sample: the recorder takes one thread in native code per period, in turn, so each such sample
     * stands for as many periods of thread time as there are threads in native code. Only a library's native code
     * (a codec, a checksum: {@link Subsystems#LIBRARY_PARTS}) counts as work; a thread in any other native call is counted
     * among the threads in native code and left out.
     */
    public synchronized void onNative(String source, boolean broker, long epochMs, String thread, List<String> frames) {
        String pool = Subsystems.pool(thread);
        Second second = process(source, broker).at(epochMs);
        second.nativeThreads.add(thread);
        second.poolThreads.computeIfAbsent(pool, k -> new HashSet<>()).add(thread);
        String part = Subsystems.part(frames, pool, broker);
        if (!Subsystems.LIBRARY_PARTS.contains(part)) {
            return;
        }
        second.nativeParts.merge(part, 1, Integer::sum);
        second.nativeStacks.merge(stackId(pool, frames), 1, Integer::sum);
        second.nativeThreadSamples.merge(List.of(pool, String.valueOf(thread)), 1, Integer::sum);
    }

    /**
     * A thread seen alive, idle or not (parked waiting for work, or listed with its CPU load): counted among its pool's
     * threads, so a pool whose work all lands on one thread shows its idle others.
     */
    public synchronized void onThread(String source, boolean broker, long epochMs, String thread) {
        Second second = process(source, broker).at(epochMs);
        second.poolThreads.computeIfAbsent(Subsystems.pool(thread), k -> new HashSet<>()).add(thread);
    }

    /**
     * A wait that ended at {@code epochMs}: a thread blocked at {@code site} for {@code nanos}.
     *
     * @param kind "lock", "buffer memory"
     */
    public synchronized void onWait(String source, boolean broker, long epochMs, String thread, String site, String kind, long nanos) {
        String pool = Subsystems.pool(thread);
        Second second = process(source, broker).at(epochMs);
        second.waitNanos.merge(List.of(pool, site, kind), nanos, Long::sum);
        second.poolThreads.computeIfAbsent(pool, k -> new HashSet<>()).add(thread);
    }

    /** Any event at all: tells {@link #over} how far this process's recording has been read. */
    public synchronized void seen(String source, boolean broker, long epochMs) {
        Process process = process(source, broker);
        process.newestEventMs = Math.max(process.newestEventMs, epochMs);
    }

    /**
     * Stack sampling on or off for every recorder. Off over a probe's JVM warm-up: sampled, its JVMs kept compiling
     * the code that takes and reads the samples, and the warm-up, which ends when they stop compiling, ran longer
     * (2026-11-30, bench/profile-cost.sh, single: 39-47 s profiled against 18-40 s, mqprobe's own compilers at 177-198
     * ms of CPU a second against 116-140, broker-1's at 148-158 against 91-139). Samples already taken still arrive.
     */
    @Override
    public void sampling(boolean on) {
        if (sampling == on) {
            return;
        }
        sampling = on;
        for (Runnable apply : samplingSwitches) {
            try {
                apply.run();
            } catch (RuntimeException e) {
                // a recorder gone (a broker restarted, a stream closed): the next one starts with the current setting
            }
        }
    }

    /** Whether stacks are sampled now ({@link #sampling(boolean)}). */
    public boolean sampling() {
        return sampling;
    }

    /** {@code apply} runs on each change of {@link #sampling}, on the thread that changed it. */
    public void onSamplingChange(Runnable apply) {
        samplingSwitches.add(apply);
    }

    @Override
    public List<ProcessProfile> over(List<Window> windows) {
        if (windows.isEmpty()) {
            return List.of();
        }
        awaitReadUpTo(windows.stream().mapToLong(Window::toEpochMs).max().orElseThrow());
        List<ProcessProfile> profiles = new ArrayList<>();
        synchronized (this) {
            processes.forEach((source, process) -> profile(source, process, windows, stacks).ifPresent(profiles::add));
        }
        return profiles;
    }

    @Override
    public synchronized Map<String, String> folded(Window window) {
        Map<String, String> folded = new TreeMap<>();
        processes.forEach((source, process) -> {
            Map<Integer, Double> counts = weightedStacks(process, List.of(window));
            StringBuilder text = new StringBuilder();
            counts.forEach((id, n) -> {
                if (Math.round(n) > 0) {
                    text.append(stacks.get(id)).append(' ').append(Math.round(n)).append('\n');
                }
            });
            if (text.length() > 0) {
                folded.put(source, text.toString());
            }
        });
        return folded;
    }

    /** The seconds of {@code process} within the windows. */
    private static List<Second> secondsIn(Process process, List<Window> windows) {
        List<Second> in = new ArrayList<>();
        for (Window w : windows) {
            in.addAll(process.seconds.subMap(w.fromEpochMs() / 1000, true, w.toEpochMs() / 1000, true).values());
        }
        return in;
    }

    /** What one native sample stands for, in Java samples: the threads that were in native code, all sampled in turn. */
    private static double nativeWeight(List<Second> seconds) {
        Set<String> threads = new HashSet<>();
        seconds.forEach(s -> threads.addAll(s.nativeThreads));
        return threads.size();
    }

    /** Samples per stack, native ones weighted ({@link #nativeWeight}), sorted by stack id. */
    private static Map<Integer, Double> weightedStacks(Process process, List<Window> windows) {
        List<Second> seconds = secondsIn(process, windows);
        double weight = nativeWeight(seconds);
        Map<Integer, Double> counts = new TreeMap<>();
        for (Second s : seconds) {
            s.stacks.forEach((id, n) -> counts.merge(id, (double) n, Double::sum));
            s.nativeStacks.forEach((id, n) -> counts.merge(id, n * weight, Double::sum));
        }
        return counts;
    }

    private Process process(String source, boolean broker) {
        return processes.computeIfAbsent(source, k -> new Process(broker));
    }

    /** The pool, then the frames from the root to the running one: a flame graph's stack, interned. */
    private int stackId(String pool, List<String> framesLeafFirst) {
        StringBuilder folded = new StringBuilder(pool.replace(';', ','));
        for (int i = framesLeafFirst.size() - 1; i >= 0; i--) {
            folded.append(';').append(framesLeafFirst.get(i).replace(';', ','));
        }
        String key = folded.toString();
        Integer id = stackIds.get(key);
        if (id != null) {
            return id;
        }
        if (stacks.size() >= MAX_STACKS) {
            key = pool + ";" + MORE_STACKS;
            id = stackIds.get(key);
            if (id != null) {
                return id;
            }
        }
        stacks.add(key);
        stackIds.put(key, stacks.size() - 1);
        return stacks.size() - 1;
    }

    /**
     * Waits until every process still recording has events up to {@code epochMs}, at most until {@link #CATCH_UP_MS}
     * after it: a recording is read every few seconds, so a window that just ended may not be in yet.
     */
    private void awaitReadUpTo(long epochMs) {
        while (System.currentTimeMillis() < epochMs + CATCH_UP_MS) {
            synchronized (this) {
                boolean behind = processes.values().stream()
                        .anyMatch(p -> p.newestEventMs < epochMs && p.newestEventMs > epochMs - RECORDING_GAP_MS);
                if (!behind) {
                    return;
                }
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static Optional<ProcessProfile> profile(String source, Process process, List<Window> windows, List<String> stacks) {
        List<Second> seconds = secondsIn(process, windows);
        double weight = nativeWeight(seconds);
        Map<String, Double> parts = new HashMap<>();
        Map<String, Set<String>> poolThreads = new HashMap<>();
        Map<List<String>, Long> waits = new HashMap<>();
        Map<List<String>, Double> threadSamples = new HashMap<>();
        long samples = 0;
        for (Second s : seconds) {
            s.threadSamples.forEach((thread, n) -> threadSamples.merge(thread, (double) n, Double::sum));
            s.nativeThreadSamples.forEach((thread, n) -> threadSamples.merge(thread, n * weight, Double::sum));
            s.parts.forEach((part, n) -> parts.merge(part, (double) n, Double::sum));
            s.nativeParts.forEach((part, n) -> parts.merge(part, n * weight, Double::sum));
            samples += s.parts.values().stream().mapToLong(Integer::longValue).sum()
                    + s.nativeParts.values().stream().mapToLong(Integer::longValue).sum();
            s.poolThreads.forEach((pool, threads) -> poolThreads.computeIfAbsent(pool, k -> new HashSet<>()).addAll(threads));
            s.waitNanos.forEach((key, nanos) -> waits.merge(key, nanos, Long::sum));
        }
        long wallMs = windows.stream().mapToLong(w -> Math.max(0, w.toEpochMs() - w.fromEpochMs())).sum();
        if (samples == 0 && waits.isEmpty()) {
            return Optional.empty();
        }
        double total = parts.values().stream().mapToDouble(Double::doubleValue).sum();
        List<ProcessProfile.Part> shares = parts.entrySet().stream()
                .map(e -> new ProcessProfile.Part(e.getKey(), e.getValue() / total))
                .sorted(Comparator.comparingDouble(ProcessProfile.Part::share).reversed()).toList();
        double wallNanos = wallMs * 1e6;
        List<ProcessProfile.Wait> waited = waits.entrySet().stream()
                .map(e -> new ProcessProfile.Wait(e.getKey().get(0), e.getKey().get(1), e.getKey().get(2),
                        Math.min(1, e.getValue() / (wallNanos * poolThreads.getOrDefault(e.getKey().get(0), Set.of("?")).size()))))
                .filter(w -> w.share() > 0)
                .sorted(Comparator.comparingDouble(ProcessProfile.Wait::share).reversed()).toList();
        Map<Integer, Long> stackCounts = new HashMap<>();
        weightedStacks(process, windows).forEach((id, n) -> stackCounts.put(id, Math.round(n)));
        long flameTotal = stackCounts.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Set<String>> members = new HashMap<>();
        List<Window> widened = windows.stream().map(w -> new Window(w.fromEpochMs() - THREAD_LIST_MS, w.toEpochMs() + THREAD_LIST_MS))
                .toList();
        secondsIn(process, widened).forEach(s -> s.poolThreads.forEach((pool, threads) ->
                members.computeIfAbsent(pool, k -> new HashSet<>()).addAll(threads)));
        return Optional.of(new ProcessProfile(source, samples, shares, waited, pools(threadSamples, members),
                flame(source, stackCounts, stacks, flameTotal)));
    }

    /** Each pool with samples: its threads seen, its busiest thread, largest pool first. */
    static List<ProcessProfile.Pool> pools(Map<List<String>, Double> threadSamples, Map<String, Set<String>> poolThreads) {
        double total = threadSamples.values().stream().mapToDouble(Double::doubleValue).sum();
        Map<String, Double> perPool = new HashMap<>();
        Map<String, Map.Entry<List<String>, Double>> busiest = new HashMap<>();
        threadSamples.entrySet().forEach(e -> {
            String pool = e.getKey().get(0);
            perPool.merge(pool, e.getValue(), Double::sum);
            busiest.merge(pool, e, (a, b) -> a.getValue() >= b.getValue() ? a : b);
        });
        return perPool.entrySet().stream()
                .map(e -> new ProcessProfile.Pool(e.getKey(), poolThreads.getOrDefault(e.getKey(), Set.of()).size(),
                        busiest.get(e.getKey()).getKey().get(1), busiest.get(e.getKey()).getValue() / e.getValue(),
                        e.getValue() / total))
                .sorted(Comparator.comparingDouble(ProcessProfile.Pool::share).reversed()).toList();
    }

    /** The stacks as a tree rooted at the process, frames below {@link #FLAME_MIN_SHARE} of the samples left out. */
    static FlameNode flame(String root, Map<Integer, Long> stackCounts, List<String> stacks, long samples) {
        Branch tree = new Branch();
        stackCounts.forEach((id, n) -> {
            Branch at = tree;
            at.samples += n;
            String[] frames = stacks.get(id).split(";");
            for (int i = 0; i < frames.length && i < FLAME_MAX_DEPTH; i++) {
                at = at.children.computeIfAbsent(frames[i], k -> new Branch());
                at.samples += n;
            }
        });
        return tree.toNode(root, Math.max(1, Math.round(FLAME_MIN_SHARE * samples)));
    }

    /** A frame while the tree is built. */
    private static final class Branch {
        long samples;
        final Map<String, Branch> children = new TreeMap<>();

        FlameNode toNode(String name, long minSamples) {
            List<FlameNode> kept = children.entrySet().stream().filter(e -> e.getValue().samples >= minSamples)
                    .map(e -> e.getValue().toNode(e.getKey(), minSamples))
                    .sorted(Comparator.comparingLong(FlameNode::samples).reversed()).toList();
            return new FlameNode(name, samples, kept);
        }
    }
}
