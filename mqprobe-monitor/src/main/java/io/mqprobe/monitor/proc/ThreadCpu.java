package io.mqprobe.monitor.proc;

import io.mqprobe.api.monitor.CounterRates;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The CPU a process spends in threads that sit in another cpu cgroup than the process itself, outside its quota:
 * the JIT compiler threads mqprobe moves out of a confined JVM's quota, and the threads serving mqprobe's own monitors
 * (in a group named {@value #MONITORS_GROUP}). A CPU figure judged against the quota leaves their time out. The threads
 * are looked up again every few rounds; a thread's first round counts nothing.
 */
final class UnquotedThreads {

    private static final int ROUNDS_PER_LOOKUP = 10;
    /** The last part of the group mqprobe moves monitor threads into (mqprobe-embedded's {@code MonitorThreads}). */
    static final String MONITORS_GROUP = "monitors";

    /** Cores outside the quota in all, and the monitor threads' part of them. */
    record Outside(double cores, double monitors) {
    }

    private final Path procRoot;
    private final CounterRates rates = new CounterRates();
    private List<Long> tids = List.of();
    private List<Long> monitorTids = List.of();
    private int roundsSinceLookup = ROUNDS_PER_LOOKUP;

    UnquotedThreads(Path procRoot) {
        this.procRoot = procRoot;
    }

    /** Cores the threads outside {@code pid}'s cpu cgroup used since the previous call. */
    Outside cores(long pid, long epochMs) {
        if (roundsSinceLookup++ >= ROUNDS_PER_LOOKUP) {
            lookUp(pid);
            roundsSinceLookup = 1;
        }
        double cores = 0;
        double monitors = 0;
        for (long tid : tids) {
            try {
                String stat = Files.readString(procRoot.resolve(pid + "/task/" + tid + "/stat"));
                double rate = rates.perSecond(Long.toString(tid), ProcessCounters.parseCpuSeconds(stat), epochMs);
                double used = Double.isNaN(rate) ? 0 : rate;
                cores += used;
                monitors += monitorTids.contains(tid) ? used : 0;
            } catch (IOException e) {
                // the thread ended; its time now counts in the process's own, as the quota's
            }
        }
        return new Outside(cores, monitors);
    }

    /** Forgets the threads and their readings (the process was replaced). */
    void reset() {
        rates.reset();
        tids = List.of();
        monitorTids = List.of();
        roundsSinceLookup = ROUNDS_PER_LOOKUP;
    }

    private void lookUp(long pid) {
        List<Long> outside = new ArrayList<>();
        List<Long> monitors = new ArrayList<>();
        Path dir = procRoot.resolve(Long.toString(pid));
        String own = cpuGroup(dir.resolve("cgroup"));
        if (own != null) {
            try (Stream<Path> tasks = Files.list(dir.resolve("task"))) {
                for (Path task : tasks.toList()) {
                    String group = cpuGroup(task.resolve("cgroup"));
                    if (group != null && !group.equals(own)) {
                        long tid = Long.parseLong(task.getFileName().toString());
                        outside.add(tid);
                        if (group.endsWith("/" + MONITORS_GROUP)) {
                            monitors.add(tid);
                        }
                    }
                }
            } catch (IOException e) {
                // the process is gone: the next reading of its counters says so
            }
        }
        tids = outside;
        monitorTids = monitors;
    }

    /** The cpu controller's line of a {@code cgroup} file (v1), else the unified one (v2); null when unreadable. */
    private static String cpuGroup(Path cgroupFile) {
        try {
            String unified = null;
            for (String line : Files.readAllLines(cgroupFile)) {
                String[] f = line.split(":", 3);
                if (f.length == 3 && List.of(f[1].split(",")).contains("cpu")) {
                    return f[2];
                }
                if (f.length == 3 && f[0].equals("0")) {
                    unified = f[2];
                }
            }
            return unified;
        } catch (IOException e) {
            return null;
        }
    }
}
