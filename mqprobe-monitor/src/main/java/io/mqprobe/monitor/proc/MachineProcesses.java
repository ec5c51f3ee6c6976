package io.mqprobe.monitor.proc;

import io.mqprobe.api.monitor.CounterRates;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * The CPU of every process on the machine, split into user-space processes and the kernel's own threads, from each
 * {@code /proc/<pid>/stat}. With the processes mqprobe samples it accounts for the host's busy cores: what their quotas
 * hold, what ran beside them (another process, a build, kworkers and ksoftirqd doing the loopback's and the disk's
 * work) and what no process shows (interrupts taken while the CPU idled, processes that ended inside an interval).
 *
 * <p>A process is known by its pid and start time, so a reused pid starts afresh; a process's first reading counts
 * nothing. About 70 processes on the 2-core machine: one small file each per round.
 */
final class MachineProcesses {

    /** {@code PF_KTHREAD} in the flags field of {@code /proc/<pid>/stat}. */
    private static final long KERNEL_THREAD_FLAG = 0x00200000L;

    private final Path procRoot;
    private final CounterRates rates = new CounterRates();

    /** Cores used since the previous reading: by user-space processes and by kernel threads. */
    record Cores(double processes, double kernelThreads) {
    }

    MachineProcesses(Path procRoot) {
        this.procRoot = procRoot;
    }

    Cores read(long epochMs) throws IOException {
        double processes = 0;
        double kernel = 0;
        Set<String> alive = new HashSet<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(procRoot, p -> isPid(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                Stat stat;
                try {
                    stat = Stat.parse(Files.readString(dir.resolve("stat")));
                } catch (IOException e) {
                    continue; // it ended between the listing and the reading
                }
                String key = dir.getFileName() + "@" + stat.startTicks();
                alive.add(key);
                double cores = rates.perSecond(key, stat.cpuSeconds(), epochMs);
                if (Double.isNaN(cores)) {
                    continue;
                }
                if (stat.kernelThread()) {
                    kernel += cores;
                } else {
                    processes += cores;
                }
            }
        }
        rates.retainOnly(alive);
        return new Cores(processes, kernel);
    }

    private static boolean isPid(String name) {
        return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
    }

    /** The fields of a {@code /proc/<pid>/stat} line this needs. */
    record Stat(double cpuSeconds, boolean kernelThread, long startTicks) {

        static Stat parse(String line) {
            // fields[0] is field 3 (state): flags is field 9, utime and stime 14 and 15, starttime 22
            String[] fields = ProcessCounters.statFields(line);
            long flags = Long.parseLong(fields[6]);
            return new Stat(ProcessCounters.parseCpuSeconds(line), (flags & KERNEL_THREAD_FLAG) != 0, Long.parseLong(fields[19]));
        }
    }
}
