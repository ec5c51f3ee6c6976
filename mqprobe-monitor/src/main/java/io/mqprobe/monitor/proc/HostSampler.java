package io.mqprobe.monitor.proc;

import io.mqprobe.api.monitor.CounterRates;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.api.monitor.Sources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The machine mqprobe runs on (source {@code host}): CPU busy cores, iowait and steal, the CPU of all its processes
 * and kernel threads (see {@link MachineProcesses}), disk throughput,
 * NIC throughput and page cache, plus the same figures per disk and interface as
 * {@code host:<device>}. Host totals count physical disks only (no partitions, loop, RAM or
 * device-mapper devices, which would count the same bytes twice).
 */
public final class HostSampler implements Sampler {

    /** Prefix of per-device sources, e.g. {@code host:vda}, {@code host:eth0}. */
    public static final String DEVICE_SOURCE_PREFIX = "host:";
    private static final String LOOPBACK = "lo";

    private final Path procRoot;
    private final Path sysBlock;
    private final OptionalDouble diskWriteCeilingBps;
    private final OptionalDouble nicCeilingBps;
    private final boolean countLoopback;
    private final CounterRates rates = new CounterRates();
    private final MachineProcesses machine;
    private Set<String> disks;

    /**
     * @param diskWriteCeilingBps capacity for the disk write rate, empty when not probed
     * @param nicCeilingBps       capacity for each NIC direction, empty when not probed
     * @param countLoopback       count {@code lo} in the host NIC total: true for an embedded cluster,
     *                            whose traffic never leaves loopback
     */
    public HostSampler(OptionalDouble diskWriteCeilingBps, OptionalDouble nicCeilingBps, boolean countLoopback) {
        this(Path.of("/proc"), Path.of("/sys/block"), diskWriteCeilingBps, nicCeilingBps, countLoopback);
    }

    HostSampler(Path procRoot, Path sysBlock, OptionalDouble diskWriteCeilingBps, OptionalDouble nicCeilingBps, boolean countLoopback) {
        this.procRoot = procRoot;
        this.sysBlock = sysBlock;
        this.diskWriteCeilingBps = diskWriteCeilingBps;
        this.nicCeilingBps = nicCeilingBps;
        this.countLoopback = countLoopback;
        this.machine = new MachineProcesses(procRoot);
    }

    @Override
    public String name() {
        return "/proc host";
    }

    @Override
    public List<ResourceSample> sample(long epochMs) throws IOException {
        List<ResourceSample> out = new ArrayList<>();
        sampleCpu(epochMs, out);
        sampleDisks(epochMs, out);
        sampleNics(epochMs, out);
        String meminfo = Files.readString(procRoot.resolve("meminfo"));
        out.add(new ResourceSample(epochMs, Sources.HOST, Metric.PAGE_CACHE_BYTES,
                HostReadings.pageCacheBytes(meminfo), HostReadings.memTotalBytes(meminfo)));
        return out;
    }

    private void sampleCpu(long epochMs, List<ResourceSample> out) throws IOException {
        HostReadings.CpuTimes cpu = HostReadings.parseCpu(Files.readString(procRoot.resolve("stat")));
        // shares of total ticks rather than ticks per second: exact whatever the tick rate and sampling jitter
        double total = rates.perSecond("cpu.total", cpu.totalTicks(), epochMs);
        double busy = rates.perSecond("cpu.busy", cpu.busyTicks(), epochMs);
        double iowait = rates.perSecond("cpu.iowait", cpu.iowaitTicks(), epochMs);
        double steal = rates.perSecond("cpu.steal", cpu.stealTicks(), epochMs);
        if (total > 0) {
            // as node_exporter's CPU is read: a guest using every core the hypervisor gave it reads saturated
            out.add(new ResourceSample(epochMs, Sources.HOST, Metric.CPU_CORES, cpu.cpus() * busy / total,
                    cpu.cpus() * (total - steal) / total));
            out.add(new ResourceSample(epochMs, Sources.HOST, Metric.CPU_IOWAIT_PCT, 100.0 * iowait / total, 100.0));
            out.add(new ResourceSample(epochMs, Sources.HOST, Metric.CPU_STEAL_PCT, 100.0 * steal / total, 100.0));
        }
        MachineProcesses.Cores split = machine.read(epochMs);
        if (split.processes() > 0 || split.kernelThreads() > 0) {
            out.add(new ResourceSample(epochMs, Sources.HOST, Metric.CPU_PROCESSES_CORES, split.processes(), cpu.cpus()));
            out.add(new ResourceSample(epochMs, Sources.HOST, Metric.CPU_KERNEL_THREADS_CORES, split.kernelThreads(), cpu.cpus()));
        }
    }

    private void sampleDisks(long epochMs, List<ResourceSample> out) throws IOException {
        Map<String, HostReadings.ByteCounters> stats = HostReadings.parseDiskstats(Files.readString(procRoot.resolve("diskstats")));
        if (disks == null) {
            disks = physicalDisks(stats.keySet());
        }
        double read = 0;
        double write = 0;
        boolean any = false;
        for (String disk : disks) {
            HostReadings.ByteCounters c = stats.get(disk);
            if (c == null) {
                continue;
            }
            double r = rates.perSecond("disk.read." + disk, c.readBytes(), epochMs);
            double w = rates.perSecond("disk.write." + disk, c.writeBytes(), epochMs);
            if (Double.isNaN(r) || Double.isNaN(w)) {
                continue;
            }
            any = true;
            read += r;
            write += w;
            out.add(new ResourceSample(epochMs, DEVICE_SOURCE_PREFIX + disk, Metric.DISK_READ_BPS, r, OptionalDouble.empty()));
            out.add(new ResourceSample(epochMs, DEVICE_SOURCE_PREFIX + disk, Metric.DISK_WRITE_BPS, w, diskWriteCeilingBps));
        }
        if (any) {
            out.add(new ResourceSample(epochMs, Sources.HOST, Metric.DISK_READ_BPS, read, OptionalDouble.empty()));
            out.add(new ResourceSample(epochMs, Sources.HOST, Metric.DISK_WRITE_BPS, write, diskWriteCeilingBps));
        }
    }

    private void sampleNics(long epochMs, List<ResourceSample> out) throws IOException {
        Map<String, HostReadings.ByteCounters> stats = HostReadings.parseNetDev(Files.readString(procRoot.resolve("net/dev")));
        double rx = 0;
        double tx = 0;
        boolean any = false;
        for (Map.Entry<String, HostReadings.ByteCounters> e : stats.entrySet()) {
            String nic = e.getKey();
            double r = rates.perSecond("net.rx." + nic, e.getValue().readBytes(), epochMs);
            double t = rates.perSecond("net.tx." + nic, e.getValue().writeBytes(), epochMs);
            if (Double.isNaN(r) || Double.isNaN(t)) {
                continue;
            }
            boolean counted = countLoopback || !nic.equals(LOOPBACK);
            if (counted) {
                any = true;
                rx += r;
                tx += t;
            }
            // idle virtual interfaces (ifb, docker bridges) would only add noise
            if (e.getValue().readBytes() > 0 || e.getValue().writeBytes() > 0) {
                OptionalDouble capacity = nic.equals(LOOPBACK) ? OptionalDouble.empty() : nicCeilingBps;
                out.add(new ResourceSample(epochMs, DEVICE_SOURCE_PREFIX + nic, Metric.NET_RX_BPS, r, capacity));
                out.add(new ResourceSample(epochMs, DEVICE_SOURCE_PREFIX + nic, Metric.NET_TX_BPS, t, capacity));
            }
        }
        if (any) {
            out.add(new ResourceSample(epochMs, Sources.HOST, Metric.NET_RX_BPS, rx, nicCeilingBps));
            out.add(new ResourceSample(epochMs, Sources.HOST, Metric.NET_TX_BPS, tx, nicCeilingBps));
        }
    }

    /**
     * Whole disks backed by hardware ({@code /sys/block/<name>/device} exists); when the machine
     * shows none (some virtual machines), every whole disk except loop, RAM and zram devices.
     */
    Set<String> physicalDisks(Set<String> known) throws IOException {
        Set<String> hardware = new TreeSet<>();
        Set<String> whole = new TreeSet<>();
        if (Files.isDirectory(sysBlock)) {
            try (Stream<Path> entries = Files.list(sysBlock)) {
                entries.forEach(p -> {
                    String name = p.getFileName().toString();
                    if (Files.exists(p.resolve("device"))) {
                        hardware.add(name);
                    }
                    if (!name.matches("(loop|ram|zram|dm-|md).*")) {
                        whole.add(name);
                    }
                });
            }
        }
        Set<String> chosen = hardware.isEmpty() ? whole : hardware;
        chosen.retainAll(known);
        return chosen;
    }
}
