package io.mqprobe.embedded.isolation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes back the page cache confined brokers dirtied once it passes the kernel's background ratio of their memory
 * group, as cgroup v2 does by itself. On v1 the kernel counts dirty pages only machine-wide (writeback starts at 10 %
 * of all memory, else after 30 s), so a broker's group fills with dirty pages and its reclaim waits on their writeback.
 * Measured on the 2-core machine (2026-12-02, `probe --scenarios single --no-ceilings`, brokers 0.3c2g): broker-1's
 * group stood at its limit the whole probe; while its dirty pages rose from 600 to 880 MB of its 1.1 GB of page cache
 * the seconds' p99 rose from 70-100 ms to 130-300 ms (the step failed the SLO), and when the flusher wrote them back
 * after 30 s they fell to 30-60 ms at the same rate. A broker in a v2 container (a Kubernetes limit) never sees that
 * pile: the kernel starts writeback at the same ratio of the group's own memory.
 *
 * <p>The writeback is {@code sync -f} on the brokers' file system, run from a thread whose name puts it among mqprobe's
 * monitors (outside every quota, see {@link MonitorThreads}); the kernel's flusher threads do the writing, as they
 * would on v2. Bounded by {@link #close} and by the brokers' groups: it stops when they are gone.
 */
final class WritebackKeeper implements AutoCloseable {

    /** At 150 MB/s a broker dirties 30 MB between two looks: a fifth of a 2 GiB group's background threshold. */
    static final long POLL_MS = 200;
    /** A writeback of the whole file system that takes longer than this is given up (the next look tries again). */
    private static final long SYNC_TIMEOUT_S = 30;
    /** The kernel's default {@code vm.dirty_background_ratio}, used when the machine sets bytes instead. */
    private static final int DEFAULT_BACKGROUND_PERCENT = 10;

    private final List<Path> memoryStats;
    private final Path fileSystem;
    private final double backgroundShare;
    private final Thread keeper;
    private final AtomicLong writebacks = new AtomicLong();
    private volatile boolean closed;

    private WritebackKeeper(List<Path> memoryStats, Path fileSystem, double backgroundShare) {
        this.memoryStats = List.copyOf(memoryStats);
        this.fileSystem = fileSystem;
        this.backgroundShare = backgroundShare;
        this.keeper = new Thread(this::keepUntilClosed, "mqprobe-monitor-writeback");
        keeper.setDaemon(true);
    }

    /**
     * Starts keeping the memory groups {@code groups} (each with a limit) whose processes write under {@code dataDir}.
     *
     * @return empty on cgroup v2, whose kernel keeps each group's dirty pages itself
     */
    static Optional<WritebackKeeper> open(Cgroups cgroups, List<String> groups, Path dataDir) {
        if (!(cgroups instanceof CgroupV1 v1)) {
            return Optional.empty();
        }
        Path memory = v1.mounts().get("memory");
        WritebackKeeper keeper = new WritebackKeeper(groups.stream().map(g -> memory.resolve(g).resolve("memory.stat")).toList(),
                dataDir, backgroundShare(Cgroups.read(Path.of("/proc/sys/vm/dirty_background_ratio"))));
        keeper.keeper.start();
        return Optional.of(keeper);
    }

    /** The share of a group's memory its dirty pages may take before writeback: the machine's ratio, else 10 %. */
    static double backgroundShare(String ratioFile) {
        try {
            int percent = Integer.parseInt(ratioFile.trim());
            return (percent > 0 ? percent : DEFAULT_BACKGROUND_PERCENT) / 100.0;
        } catch (NumberFormatException e) {
            return DEFAULT_BACKGROUND_PERCENT / 100.0;
        }
    }

    /**
     * True when a v1 group's {@code memory.stat} shows more dirty pages than {@code share} of the memory its limit leaves
     * beside its processes' own ({@code hierarchical_memory_limit - rss}): what v2 counts as a group's dirtyable memory.
     * A group without a limit is left to the machine-wide writeback.
     */
    static boolean overBackground(String memoryStat, double share) {
        long dirty = field(memoryStat, "dirty");
        long rss = field(memoryStat, "rss");
        long limit = field(memoryStat, "hierarchical_memory_limit");
        if (limit <= 0 || limit >= Long.MAX_VALUE / 2) {
            return false;
        }
        return dirty > share * Math.max(0, limit - rss);
    }

    private static long field(String memoryStat, String name) {
        for (String line : memoryStat.split("\n")) {
            int space = line.indexOf(' ');
            if (space > 0 && line.substring(0, space).equals(name)) {
                try {
                    return Long.parseLong(line.substring(space + 1).trim());
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /** How many times the file system was written back. */
    long writebacks() {
        return writebacks.get();
    }

    private void keepUntilClosed() {
        while (!closed) {
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                return;
            }
            List<Path> present = memoryStats.stream().filter(Files::exists).toList();
            if (present.isEmpty()) {
                return;   // the brokers' groups are gone: nothing left to keep
            }
            if (present.stream().anyMatch(stat -> overBackground(Cgroups.read(stat), backgroundShare))) {
                writeBack();
            }
        }
    }

    private void writeBack() {
        try {
            Process sync = new ProcessBuilder("sync", "-f", fileSystem.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!sync.waitFor(SYNC_TIMEOUT_S, TimeUnit.SECONDS)) {
                sync.destroyForcibly();
            }
            writebacks.incrementAndGet();
        } catch (IOException e) {
            // one line, as the run goes on without it: the brokers then meet v1's writeback as they would without mqprobe
            System.err.println("mqprobe: cannot write back the brokers' page cache (sync -f " + fileSystem + ": " + e.getMessage()
                    + "); their memory groups keep their dirty pages as cgroup v1 does");
            closed = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    @Override
    public void close() {
        closed = true;
        Daemons.stop(keeper);
    }
}
