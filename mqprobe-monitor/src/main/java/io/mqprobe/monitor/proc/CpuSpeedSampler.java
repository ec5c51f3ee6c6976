package io.mqprobe.monitor.proc;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * How fast one core of the machine mqprobe runs on is right now (source {@code host}): each sample hashes a fixed
 * 1 MiB with SHA-256 and divides by the CPU time that took this thread. Time on the CPU clock, not the wall clock, so
 * neither load nor a CPU quota moves the figure; what moves it is what a core delivers per second of its time: a
 * physical core shared with another guest or a busy hyperthread sibling. On the 2-core VM mqprobe is built on, the
 * same hashing took 0.25 to 0.43 s of user time from one run to the next with nothing else running, and a 10 s
 * mean drifted 20 % within minutes; a capacity bound by CPU quotas moves with it, so the probe records it beside
 * every step. About 1 ms of one core per sample.
 */
public final class CpuSpeedSampler implements Sampler {

    static final int BLOCK_BYTES = 64 * 1024;
    static final int BLOCKS_PER_SAMPLE = 16;
    /** Samples hashed before the first one is reported: until the JIT compiles SHA-256 to its intrinsic, it runs 30× slower. */
    static final int WARMUP_SAMPLES = 20;

    private final LongSupplier cpuClockNs;
    private final Runnable hashOneBlock;
    private boolean warm;

    public CpuSpeedSampler() {
        this(threadCpuClock(), sha256(new byte[BLOCK_BYTES]));
    }

    /**
     * @param cpuClockNs   the sampling thread's CPU time in nanoseconds
     * @param hashOneBlock the fixed work, one block of {@link #BLOCK_BYTES}
     */
    CpuSpeedSampler(LongSupplier cpuClockNs, Runnable hashOneBlock) {
        this.cpuClockNs = cpuClockNs;
        this.hashOneBlock = hashOneBlock;
    }

    @Override
    public String name() {
        return "cpu speed host";
    }

    @Override
    public List<ResourceSample> sample(long epochMs) {
        if (!warm) {
            for (int i = 0; i < WARMUP_SAMPLES; i++) {
                hashSample();
            }
            warm = true;
        }
        long cpuNs = hashSample();
        if (cpuNs <= 0) {
            return List.of();   // a CPU clock coarser than the work: no figure rather than an infinite one
        }
        double mbPerCpuSecond = (double) BLOCKS_PER_SAMPLE * BLOCK_BYTES / 1e6 / (cpuNs / 1e9);
        return List.of(ResourceSample.of(epochMs, "host", Metric.CPU_SPEED_MB_PER_CPU_S, mbPerCpuSecond));
    }

    private long hashSample() {
        long start = cpuClockNs.getAsLong();
        for (int i = 0; i < BLOCKS_PER_SAMPLE; i++) {
            hashOneBlock.run();
        }
        return cpuClockNs.getAsLong() - start;
    }

    private static LongSupplier threadCpuClock() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads::getCurrentThreadCpuTime;
    }

    private static Runnable sha256(byte[] block) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        return () -> digest.update(block);
    }
}
