package io.mqprobe.result;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.zip.CRC32C;

/**
 * How much fixed work one CPU-second of this machine does: CRC32C over a 1 MiB buffer, counted against the thread's
 * own CPU time, so a CPU quota or a busy neighbour's share of the cores does not change it; a slower core (another
 * host, a lower clock, caches shared with a noisy neighbour) does. Measured here: a virtual machine whose brokers
 * at the same half-core quota carried 315 MB/s in one run and 145 MB/s in the next, ten minutes apart. Written into
 * every result's environment at its start and end, so {@code compare} can tell a slower host from a slower cluster.
 */
public final class CoreSpeed {

    private static final byte[] BUFFER = new byte[1 << 20];
    private static final long WARM_UP_CPU_NS = 20_000_000;
    private static final long MEASURE_CPU_NS = 100_000_000;

    static {
        new java.util.Random(42).nextBytes(BUFFER);
    }

    private CoreSpeed() {
    }

    /** MiB of CRC32C per CPU-second of this thread (about 0.12 s of CPU), or {@code null} where thread CPU time is not measured. */
    public static Double measure() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            return null;
        }
        CRC32C crc = new CRC32C();
        spin(threads, crc, WARM_UP_CPU_NS);
        long startCpu = threads.getCurrentThreadCpuTime();
        long buffers = spin(threads, crc, MEASURE_CPU_NS);
        double cpuSeconds = (threads.getCurrentThreadCpuTime() - startCpu) / 1e9;
        return cpuSeconds > 0 ? Math.round(buffers / cpuSeconds * 10) / 10.0 : null;
    }

    /** Buffers checksummed until the thread has used {@code cpuNs} more CPU time. */
    private static long spin(ThreadMXBean threads, CRC32C crc, long cpuNs) {
        long until = threads.getCurrentThreadCpuTime() + cpuNs;
        long buffers = 0;
        do {
            crc.update(BUFFER, 0, BUFFER.length);
            buffers++;
        } while (threads.getCurrentThreadCpuTime() < until);
        return buffers;
    }
}
