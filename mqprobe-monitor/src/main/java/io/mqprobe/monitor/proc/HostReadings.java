package io.mqprobe.monitor.proc;

import java.util.LinkedHashMap;
import java.util.Map;

/** Parsers for the host-wide files in {@code /proc}: CPU times, disk and NIC counters, page cache. */
final class HostReadings {

    /** Bytes per sector in {@code /proc/diskstats}, fixed by the kernel whatever the device's real sector size. */
    static final long DISKSTATS_SECTOR_BYTES = 512;

    private HostReadings() {
    }

    /** Aggregate CPU times (in ticks) and the number of CPUs from {@code /proc/stat}. */
    record CpuTimes(long busyTicks, long iowaitTicks, long stealTicks, long totalTicks, int cpus) {
    }

    /** Cumulative read and written (or received and sent) bytes of one device. */
    record ByteCounters(long readBytes, long writeBytes) {
    }

    static CpuTimes parseCpu(String stat) {
        long busy = -1;
        long iowait = 0;
        long steal = 0;
        long total = 0;
        int cpus = 0;
        for (String line : stat.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("cpu")) {
                // user nice system idle iowait irq softirq steal; guest time is already inside user
                long[] v = new long[8];
                for (int i = 0; i < v.length && i + 1 < f.length; i++) {
                    v[i] = Long.parseLong(f[i + 1]);
                }
                for (long x : v) {
                    total += x;
                }
                iowait = v[4];
                steal = v[7];
                // time the hypervisor gave another guest was never this machine's: not busy, not capacity
                busy = total - v[3] - v[4] - steal;
            } else if (f[0].startsWith("cpu")) {
                cpus++;
            }
        }
        if (busy < 0) {
            throw new IllegalArgumentException("no aggregate cpu line in /proc/stat");
        }
        return new CpuTimes(busy, iowait, steal, total, cpus);
    }

    /** Sectors read and written per device name from {@code /proc/diskstats}, converted to bytes. */
    static Map<String, ByteCounters> parseDiskstats(String diskstats) {
        Map<String, ByteCounters> devices = new LinkedHashMap<>();
        for (String line : diskstats.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 10) {
                continue;
            }
            // major minor name reads merged sectors_read ms writes merged sectors_written ...
            devices.put(f[2], new ByteCounters(Long.parseLong(f[5]) * DISKSTATS_SECTOR_BYTES,
                    Long.parseLong(f[9]) * DISKSTATS_SECTOR_BYTES));
        }
        return devices;
    }

    /** Received and transmitted bytes per interface from {@code /proc/net/dev}. */
    static Map<String, ByteCounters> parseNetDev(String netDev) {
        Map<String, ByteCounters> interfaces = new LinkedHashMap<>();
        for (String line : netDev.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0 || line.contains("|")) {
                continue;
            }
            String[] f = line.substring(colon + 1).trim().split("\\s+");
            if (f.length < 9) {
                continue;
            }
            interfaces.put(line.substring(0, colon).trim(), new ByteCounters(Long.parseLong(f[0]), Long.parseLong(f[8])));
        }
        return interfaces;
    }

    /**
     * File-backed page cache (what Kafka reads recent data from): Cached + Buffers minus Shmem,
     * because tmpfs and shared memory sit in Cached but are not file cache.
     */
    static long pageCacheBytes(String meminfo) {
        long cached = ProcessCounters.field(meminfo, "Cached:");
        long buffers = Math.max(0, ProcessCounters.field(meminfo, "Buffers:"));
        long shmem = Math.max(0, ProcessCounters.field(meminfo, "Shmem:"));
        return (cached + buffers - shmem) * 1024;
    }

    static long memTotalBytes(String meminfo) {
        return ProcessCounters.field(meminfo, "MemTotal:") * 1024;
    }
}
