package io.mqprobe.monitor.proc;

import io.mqprobe.api.monitor.CounterRates;
import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import io.mqprobe.api.monitor.Sources;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.LongSupplier;

/**
 * CPU, resident memory and storage I/O of one local process (an embedded broker or mqprobe itself) from
 * {@code /proc}, and the page cache of its memory cgroup when it has one of its own; the CPU of threads outside the
 * process's cpu cgroup is left out (see {@link ThreadCpu}). With a CPU quota, also the share of the quota's periods in
 * which it was throttled. The pid is looked up on every round, so a broker restarted by a fault test is followed to
 * its new process.
 */
public final class ProcessSampler implements Sampler {

    private final String source;
    private final LongSupplier pid;
    private final OptionalDouble diskWriteCeilingBps;
    private final Path procRoot;
    private final ProcessLimits limits;
    private final CounterRates rates = new CounterRates();
    private final ThreadCpu threads;
    private long lastPid = -1;

    /**
     * @param source              sample source, e.g. {@code broker-1} or {@code client}
     * @param pid                 current pid of the process, or a value {@code <= 0} while it is down
     * @param diskWriteCeilingBps capacity reported with the write rate (probed disk ceiling), empty when not probed
     */
    public ProcessSampler(String source, LongSupplier pid, OptionalDouble diskWriteCeilingBps) {
        this(source, pid, diskWriteCeilingBps, Path.of("/proc"), ProcessLimits.system());
    }

    ProcessSampler(String source, LongSupplier pid, OptionalDouble diskWriteCeilingBps, Path procRoot, ProcessLimits limits) {
        this.source = source;
        this.pid = pid;
        this.diskWriteCeilingBps = diskWriteCeilingBps;
        this.procRoot = procRoot;
        this.limits = limits;
        this.threads = new ThreadCpu(procRoot);
    }

    /** mqprobe's own process, reported as source {@code client}. */
    public static ProcessSampler self(OptionalDouble diskWriteCeilingBps) {
        long self = ProcessHandle.current().pid();
        return new ProcessSampler(Sources.CLIENT, () -> self, diskWriteCeilingBps);
    }

    @Override
    public String name() {
        return "/proc " + source;
    }

    @Override
    public List<ResourceSample> sample(long epochMs) throws IOException {
        long p = pid.getAsLong();
        if (p <= 0) {
            throw new IllegalStateException(source + " is not running");
        }
        if (p != lastPid) {
            rates.reset();
            threads.reset();
            lastPid = p;
        }
        ProcessCounters c = ProcessCounters.read(procRoot, p);
        List<ResourceSample> out = new ArrayList<>(10);
        double memoryBytes = limits.memoryBytes(p);
        out.add(new ResourceSample(epochMs, source, Metric.RSS_BYTES, c.rssBytes(), memoryBytes));
        // its memory group's page cache counts against the same limit: the kernel reclaims it first when the group is full
        OptionalDouble pageCache = limits.pageCacheBytes(p);
        if (pageCache.isPresent()) {
            out.add(new ResourceSample(epochMs, source, Metric.PAGE_CACHE_BYTES, pageCache.getAsDouble(), memoryBytes));
        }
        // judged against the quota: threads moved out of it (JIT compilers, monitor threads) are not the quota's
        ThreadCpu.Split split = threads.cores(p, epochMs);
        double cpu = rates.perSecond("cpu", c.cpuSeconds(), epochMs) - split.outside();
        ProcessLimits.CpuLimit limit = limits.cpu(p);
        // the first reading has no rate yet (NaN): nothing is known of the process's CPU until the second
        if (!Double.isNaN(cpu)) {
            add(out, epochMs, Metric.CPU_CORES, Math.max(0, cpu), OptionalDouble.of(limit.cores()));
            add(out, epochMs, Metric.CPU_OUTSIDE_QUOTA_CORES, split.outside(), OptionalDouble.empty());
            add(out, epochMs, Metric.CPU_MONITORS_CORES, split.monitors(), OptionalDouble.empty());
            add(out, epochMs, Metric.JIT_CPU_MS_PER_S, 1000 * split.compilers(), OptionalDouble.empty());
        }
        Optional<ProcessLimits.CfsPeriods> cfs = limit.throttling();
        if (cfs.isPresent()) {
            double periods = rates.perSecond("periods", cfs.get().periods(), epochMs);
            double throttled = rates.perSecond("throttled", cfs.get().throttled(), epochMs);
            if (periods > 0) {
                add(out, epochMs, Metric.CPU_THROTTLED_SHARE, throttled / periods, OptionalDouble.of(1));
            }
        }
        if (c.readBytes() >= 0) {
            add(out, epochMs, Metric.DISK_READ_BPS, rates.perSecond("read", c.readBytes(), epochMs), OptionalDouble.empty());
            // a throttled process's disk is as fast as its throttle, whatever the device can do
            double throttle = limits.writeBytesPerSecond(p);
            OptionalDouble capacity = Double.isInfinite(throttle) ? diskWriteCeilingBps
                    : OptionalDouble.of(Math.min(throttle, diskWriteCeilingBps.orElse(throttle)));
            add(out, epochMs, Metric.DISK_WRITE_BPS, rates.perSecond("write", c.writeBytes(), epochMs), capacity);
        }
        return out;
    }

    /** Leaves out a rate not known yet (the first reading of a counter). */
    private void add(List<ResourceSample> out, long epochMs, String metric, double value, OptionalDouble capacity) {
        if (!Double.isNaN(value)) {
            out.add(new ResourceSample(epochMs, source, metric, value, capacity));
        }
    }
}
