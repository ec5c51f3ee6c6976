package io.mqprobe.embedded.isolation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Moves the threads that serve mqprobe's own monitors out of the CPU quotas of the JVMs it confines, into
 * {@code mqprobe-<pid>/monitors}, a group without a quota beside {@link CompilerThreads}'s: in mqprobe itself its
 * samplers, the readers of the brokers' flight recordings, the result writer and its own recording's threads; in a
 * confined broker the threads that answer mqprobe's JMX connection and run the recording it started.
 *
 * <p>Why: the quota is the capacity being measured. In a default probe the monitors took 10-20 % of the load
 * generator's sampled CPU (flight-recording streams 4-7 %, /proc samplers 2-4 %, the result writer 1-3 %) and 3-5 % of
 * a broker's; under the quota that came out of the load (the ceiling was about 12 % lower with profiling on, 2 of 2
 * paired runs) and varied with what the monitors happened to do in a step. A broker in production is watched by
 * an agent that scrapes every 15-60 s, not every second. Their CPU stays visible ({@code cpu.monitors.cores}, and the
 * host's account, where it sits in the headroom the default isolation leaves outside every quota).
 *
 * <p>Threads are found by name, as the JVMs start them at different times (a recording's sampler when the recording
 * starts, a JMX connection's thread when mqprobe connects): a sweep every second looks at the threads it has not seen.
 * Only on cgroup v1, where single threads can change groups. Stopped by {@link #close}; bounded by the JVM's life.
 */
public final class MonitorThreads implements AutoCloseable {

    static final String GROUP = "monitors";
    /**
     * Thread names as the kernel keeps them (15 characters): mqprobe's monitor pools, its readers of broker
     * recordings, its result writer, HotSpot's flight-recorder threads, and the JDK's JMX connector threads.
     */
    static final List<String> NAME_PREFIXES = List.of("mqprobe-monitor", "mqprobe-jfr-", "mqprobe-result-", "JFR ",
            "RMI TCP ", "RMI Scheduler", "JMX server conn");
    private static final long SWEEP_MS = 1_000;
    static final int LOOKS_PER_THREAD = 2;
    /** Every so many sweeps the looks are forgotten, so a reused thread id is looked at again. */
    private static final int SWEEPS_PER_FORGET = 60;

    private final Path threadFile;
    private final Map<Long, Map<Long, Integer>> looksByPid = new ConcurrentHashMap<>();
    private final Thread sweeper;
    private volatile boolean closed;

    private MonitorThreads(Path threadFile) {
        this.threadFile = threadFile;
        this.sweeper = new Thread(this::sweepUntilClosed, "mqprobe-monitor-threads");
        sweeper.setDaemon(true);
    }

    /**
     * Sweeps the monitor threads of watched processes of {@code owner} ({@code mqprobe-<pid>}) into its monitors group,
     * created when missing.
     *
     * @return empty on cgroup v2
     */
    static Optional<MonitorThreads> open(Cgroups cgroups, String owner) {
        Optional<MonitorThreads> monitors = cgroups.openThreadGroup(owner + "/" + GROUP).map(MonitorThreads::new);
        monitors.ifPresent(m -> m.sweeper.start());
        return monitors;
    }

    /** Moves {@code pid}'s monitor threads now and in every sweep while it lives. */
    void watch(long pid) {
        looksByPid.putIfAbsent(pid, new ConcurrentHashMap<>());
        sweep(pid);
    }

    /** Moves the monitor threads of {@code pid} not yet looked at twice; returns how many moved. */
    int sweep(long pid) {
        Map<Long, Integer> looks = looksByPid.get(pid);
        if (looks == null) {
            return 0;
        }
        Path taskDir = Path.of("/proc", Long.toString(pid), "task");
        if (!Files.isDirectory(taskDir)) {
            looksByPid.remove(pid);   // the process ended
            return 0;
        }
        return Cgroups.moveThreads(threadFile, find(taskDir, looks));
    }

    /**
     * Ids of the monitor threads under {@code taskDir} ({@code /proc/<pid>/task}) looked at fewer than
     * {@value #LOOKS_PER_THREAD} times before; every thread looked at is counted in {@code looks}.
     */
    static List<Long> find(Path taskDir, Map<Long, Integer> looks) {
        return Cgroups.threadsNamed(taskDir, tid -> looks.merge(tid, 1, Integer::sum) <= LOOKS_PER_THREAD,
                name -> NAME_PREFIXES.stream().anyMatch(name::startsWith));
    }

    private void sweepUntilClosed() {
        int sweeps = 0;
        while (!closed) {
            try {
                Thread.sleep(SWEEP_MS);
            } catch (InterruptedException e) {
                return;
            }
            boolean forget = ++sweeps % SWEEPS_PER_FORGET == 0;
            for (Long pid : new HashSet<>(looksByPid.keySet())) {
                if (forget) {
                    looksByPid.computeIfPresent(pid, (p, looks) -> new ConcurrentHashMap<>());
                }
                sweep(pid);
            }
        }
    }

    /** Stops sweeping; threads already moved stay where they are until their process leaves its groups. */
    @Override
    public void close() {
        closed = true;
        Daemons.stop(sweeper);
    }
}
