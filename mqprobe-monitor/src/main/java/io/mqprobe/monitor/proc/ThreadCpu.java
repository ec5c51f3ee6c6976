package io.mqprobe.monitor.proc;

import io.mqprobe.api.monitor.CounterRates;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The CPU of the threads of a process that count apart from the rest: those in another cpu cgroup than the process
 * itself, outside its quota (the JIT compiler threads mqprobe moves out of a confined JVM's quota, and the threads
 * serving mqprobe's own monitors, in a group named {@value #MONITORS_GROUP}), and a JVM's JIT compiler threads wherever
 * they sit. A CPU figure judged against the quota leaves the first out; the compilers' CPU is how much compiling a JVM
 * still does. The threads are looked up again every few rounds; a thread's first round counts nothing.
 */
final class ThreadCpu {

    private static final int ROUNDS_PER_LOOKUP = 10;
    /** The last part of the group mqprobe moves monitor threads into (mqprobe-embedded's {@code MonitorThreads}). */
    static final String MONITORS_GROUP = "monitors";
    /** HotSpot's compiler threads as the kernel names them ({@code C2 CompilerThread0} kept to 15 characters). */
    private static final Set<String> COMPILER_NAMES = Set.of("C1 CompilerThre", "C2 CompilerThre");

    /**
     * Cores since the previous call.
     *
     * @param outside   the threads outside the process's quota, in all
     * @param monitors  the monitor threads among them
     * @param compilers the JIT compiler threads, inside the quota or out
     */
    record Split(double outside, double monitors, double compilers) {
    }

    private final Path procRoot;
    private final CounterRates rates = new CounterRates();
    private List<Long> outsideTids = List.of();
    private List<Long> monitorTids = List.of();
    private List<Long> compilerTids = List.of();
    private int roundsSinceLookup = ROUNDS_PER_LOOKUP;

    ThreadCpu(Path procRoot) {
        this.procRoot = procRoot;
    }

    Split cores(long pid, long epochMs) {
        if (roundsSinceLookup++ >= ROUNDS_PER_LOOKUP) {
            lookUp(pid);
            roundsSinceLookup = 1;
        }
        double outside = 0;
        double monitors = 0;
        double compilers = 0;
        for (long tid : counted()) {
            try {
                String stat = Files.readString(procRoot.resolve(pid + "/task/" + tid + "/stat"));
                double rate = rates.perSecond(Long.toString(tid), ProcessCounters.parseCpuSeconds(stat), epochMs);
                double used = Double.isNaN(rate) ? 0 : rate;
                outside += outsideTids.contains(tid) ? used : 0;
                monitors += monitorTids.contains(tid) ? used : 0;
                compilers += compilerTids.contains(tid) ? used : 0;
            } catch (IOException e) {
                // the thread ended; its time now counts in the process's own, as the quota's
            }
        }
        return new Split(outside, monitors, compilers);
    }

    /** Forgets the threads and their readings (the process was replaced). */
    void reset() {
        rates.reset();
        outsideTids = List.of();
        monitorTids = List.of();
        compilerTids = List.of();
        roundsSinceLookup = ROUNDS_PER_LOOKUP;
    }

    private List<Long> counted() {
        List<Long> all = new ArrayList<>(outsideTids);
        compilerTids.stream().filter(tid -> !outsideTids.contains(tid)).forEach(all::add);
        return all;
    }

    private void lookUp(long pid) {
        List<Long> outside = new ArrayList<>();
        List<Long> monitors = new ArrayList<>();
        List<Long> compilers = new ArrayList<>();
        Path dir = procRoot.resolve(Long.toString(pid));
        String own = cpuGroup(dir.resolve("cgroup"));
        try (Stream<Path> tasks = Files.list(dir.resolve("task"))) {
            for (Path task : tasks.toList()) {
                long tid = Long.parseLong(task.getFileName().toString());
                String group = own == null ? null : cpuGroup(task.resolve("cgroup"));
                if (group != null && !group.equals(own)) {
                    outside.add(tid);
                    if (group.endsWith("/" + MONITORS_GROUP)) {
                        monitors.add(tid);
                    }
                }
                if (COMPILER_NAMES.contains(comm(task))) {
                    compilers.add(tid);
                }
            }
        } catch (IOException e) {
            // the process is gone: the next reading of its counters says so
        }
        outsideTids = outside;
        monitorTids = monitors;
        compilerTids = compilers;
    }

    private static String comm(Path task) {
        try {
            return Files.readString(task.resolve("comm")).trim();
        } catch (IOException e) {
            return "";
        }
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
