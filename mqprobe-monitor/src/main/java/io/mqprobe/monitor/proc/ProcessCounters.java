package io.mqprobe.monitor.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Cumulative counters of one process read from {@code /proc/<pid>}: CPU time of all its threads,
 * resident memory and bytes it made the storage layer read or write.
 *
 * @param cpuSeconds      user + system CPU time of the whole process
 * @param rssBytes        resident set size
 * @param readBytes       bytes fetched from storage, or -1 when {@code io} is not readable
 * @param writeBytes      bytes sent towards storage (counted when pages are dirtied), or -1 when not readable
 */
public record ProcessCounters(double cpuSeconds, long rssBytes, long readBytes, long writeBytes) {

    /** Linux reports process times in USER_HZ ticks, which is 100 on every architecture's user ABI. */
    static final double TICKS_PER_SECOND = 100.0;

    /**
     * Reads the counters of {@code pid} under {@code procRoot} (normally {@code /proc}).
     *
     * @throws NoSuchFileException when the process is gone
     */
    public static ProcessCounters read(Path procRoot, long pid) throws IOException {
        Path dir = procRoot.resolve(Long.toString(pid));
        double cpu = parseCpuSeconds(Files.readString(dir.resolve("stat")));
        long rss = parseRssBytes(Files.readString(dir.resolve("status")));
        long read = -1;
        long write = -1;
        try {
            String io = Files.readString(dir.resolve("io"));
            read = field(io, "read_bytes:");
            write = field(io, "write_bytes:");
        } catch (NoSuchFileException e) {
            throw e;
        } catch (IOException e) {
            // io is readable only for our own user's processes; the other counters still mean something
        }
        return new ProcessCounters(cpu, rss, read, write);
    }

    /** utime + stime from a {@code /proc/<pid>/stat} line; the command name may contain spaces and parentheses. */
    static double parseCpuSeconds(String stat) {
        String[] fields = statFields(stat);
        // fields[0] is field 3 (state): utime and stime are fields 14 and 15
        long utime = Long.parseLong(fields[11]);
        long stime = Long.parseLong(fields[12]);
        return (utime + stime) / TICKS_PER_SECOND;
    }

    /**
     * The fields of a {@code /proc/<pid>/stat} line after the command name, which may hold spaces and parentheses:
     * element 0 is field 3 (state).
     */
    static String[] statFields(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc/<pid>/stat line: " + stat);
        }
        return stat.substring(close + 2).trim().split("\\s+");
    }

    /** VmRSS from {@code /proc/<pid>/status}; 0 for kernel threads, which have none. */
    static long parseRssBytes(String status) {
        long kib = field(status, "VmRSS:");
        return kib < 0 ? 0 : kib * 1024;
    }

    /** The first number after {@code key} at the start of a line, or -1 when the key is absent. */
    static long field(String text, String key) {
        for (String line : text.split("\n")) {
            if (line.startsWith(key)) {
                String rest = line.substring(key.length()).trim();
                int space = rest.indexOf(' ');
                return Long.parseLong(space < 0 ? rest : rest.substring(0, space));
            }
        }
        return -1;
    }
}
