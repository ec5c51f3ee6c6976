package io.mqprobe.monitor.proc;

import io.mqprobe.api.monitor.Metric;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * How fast the machine mqprobe runs on is right now (source {@code host}), twice over, each a fixed piece of work
 * divided by the CPU time it took this thread: a core's speed (SHA-256 of a fixed 1 MiB, {@link Metric#CPU_SPEED_MB_PER_CPU_S})
 * and memory's (one copy between two buffers larger than the cache, {@link Metric#MEM_SPEED_MB_PER_CPU_S}). Time on the
 * CPU clock, not the wall clock, so neither load nor a CPU quota moves the figures; what moves them is what a core and
 * its memory deliver per second of its time on a shared machine. On the 2-core VM mqprobe is built on, the same hashing
 * took 0.25 to 0.43 s of user time from one run to the next with nothing else running, and a 10 s mean drifted 20 %
 * within minutes; a capacity bound by CPU quotas moves with it, so the probe records it beside every step.
 *
 * <p>Memory apart: hashing runs inside one core's caches, and a broker's work does not (it copies every record from
 * a socket to its heap and on to the page cache). Idle, over 3 minutes here (2026-12-04, 82 readings), the SHA-256
 * figure moved by 1.9 % (its standard deviation over its mean) while copying 32 MiB moved by 16 % (6.0 to 12.1 GB per
 * CPU-second), the two barely correlated (0.37); across the default probe's runs a broker's CPU per record varied
 * twofold while the SHA-256 figure moved a fifth. Together about 5 ms of one core per sample.
 */
public final class HostSpeedSampler implements Sampler {

    static final int BLOCK_BYTES = 64 * 1024;
    static final int BLOCKS_PER_SAMPLE = 16;
    /** Samples hashed before the first one is reported: until the JIT compiles SHA-256 to its intrinsic, it runs 30× slower. */
    static final int WARMUP_SAMPLES = 20;
    /** Each of the two copy buffers: together twice the 32 MiB last-level cache of the machine, so the copy reaches memory. */
    static final int COPY_BYTES = 32 << 20;

    private final LongSupplier cpuClockNs;
    private final Runnable hashOneBlock;
    private final Runnable copyOnce;
    private final int copyBytes;
    private boolean warm;

    public HostSpeedSampler() {
        this(threadCpuClock(), sha256(new byte[BLOCK_BYTES]), new BufferCopy(COPY_BYTES), COPY_BYTES);
    }

    /**
     * @param cpuClockNs   the sampling thread's CPU time in nanoseconds
     * @param hashOneBlock the core's fixed work, one block of {@link #BLOCK_BYTES}
     * @param copyOnce     memory's fixed work, a copy of {@code copyBytes}
     */
    HostSpeedSampler(LongSupplier cpuClockNs, Runnable hashOneBlock, Runnable copyOnce, int copyBytes) {
        this.cpuClockNs = cpuClockNs;
        this.hashOneBlock = hashOneBlock;
        this.copyOnce = copyOnce;
        this.copyBytes = copyBytes;
    }

    @Override
    public String name() {
        return "speed host";
    }

    @Override
    public List<ResourceSample> sample(long epochMs) {
        if (!warm) {
            for (int i = 0; i < WARMUP_SAMPLES; i++) {
                hashSample();
            }
            copyOnce.run();   // the first copy touches the buffers' pages for the first time
            warm = true;
        }
        List<ResourceSample> samples = new ArrayList<>(2);
        perCpuSecond((double) BLOCKS_PER_SAMPLE * BLOCK_BYTES, hashSample())
                .ifPresent(mb -> samples.add(ResourceSample.of(epochMs, "host", Metric.CPU_SPEED_MB_PER_CPU_S, mb)));
        perCpuSecond(copyBytes, timed(copyOnce))
                .ifPresent(mb -> samples.add(ResourceSample.of(epochMs, "host", Metric.MEM_SPEED_MB_PER_CPU_S, mb)));
        return samples;
    }

    /** MB per CPU-second, or none when the CPU clock is coarser than the work (no figure rather than an infinite one). */
    private static Optional<Double> perCpuSecond(double bytes, long cpuNs) {
        return cpuNs <= 0 ? Optional.empty() : Optional.of(bytes / 1e6 / (cpuNs / 1e9));
    }

    private long hashSample() {
        return timed(() -> {
            for (int i = 0; i < BLOCKS_PER_SAMPLE; i++) {
                hashOneBlock.run();
            }
        });
    }

    private long timed(Runnable work) {
        long start = cpuClockNs.getAsLong();
        work.run();
        return cpuClockNs.getAsLong() - start;
    }

    /** One buffer copied into another, allocated at the first copy so that a sampler never sampled holds no memory. */
    private static final class BufferCopy implements Runnable {

        private final int bytes;
        private byte[] from;
        private byte[] to;

        BufferCopy(int bytes) {
            this.bytes = bytes;
        }

        @Override
        public void run() {
            if (from == null) {
                from = new byte[bytes];
                to = new byte[bytes];
            }
            System.arraycopy(from, 0, to, 0, bytes);
        }
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
