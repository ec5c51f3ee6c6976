package io.mqprobe.ceilings;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.Ceiling;
import io.mqprobe.api.units.DataRate;
import io.mqprobe.ceilings.disk.DiskProbe;
import io.mqprobe.ceilings.disk.DiskProbeListener;
import io.mqprobe.ceilings.disk.DiskProbeSpec;
import io.mqprobe.ceilings.disk.FlushMode;
import io.mqprobe.ceilings.net.NetClient;
import io.mqprobe.ceilings.net.NetClientSpec;
import io.mqprobe.ceilings.net.NetProbeListener;
import io.mqprobe.ceilings.net.NetServer;
import io.mqprobe.ceilings.net.NetServerLimits;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Quick disk and NIC ceilings for {@code mqprobe probe}: a few seconds of measurement, or the figures the
 * user configured ({@code --disk-ceiling 1.2GB/s}, {@code --nic-ceiling 10Gbit}).
 */
public final class Ceilings {

    /** The quick disk probe's block size: large appends, as a broker's log flushes are. */
    static final int QUICK_DISK_BLOCK_BYTES = 1 << 20;
    /** Streams of the quick loopback test; iperf3 reaches its best here with about four. */
    static final int QUICK_NET_STREAMS = 4;
    private static final Duration MIN_BUDGET = Duration.ofMillis(500);
    private static final long QUICK_DISK_MAX_BYTES = 1L << 30;

    private Ceilings() {
    }

    /**
     * The device's sequential append rate in bytes per second (a probed ceiling), measured within about {@code budget} with
     * one and two writer threads of 1 MiB blocks. O_DIRECT is used because the device, not the page cache,
     * bounds what a broker sustains; on a file system without O_DIRECT (tmpfs) periodic fsync stands in.
     *
     * @throws UsageException when {@code dir} is unusable or too full (the probe refuses to fill a disk)
     */
    public static Ceiling probedDiskWrite(Path dir, Duration budget) {
        Duration perCell = atLeast(budget.dividedBy(2));
        long maxBytes = Math.min(QUICK_DISK_MAX_BYTES, usableBytes(dir) / 8);
        List<Integer> threads = List.of(1, 2);
        List<Integer> blocks = List.of(QUICK_DISK_BLOCK_BYTES);
        FlushMode mode = DiskProbe.directIoSupported(dir) ? FlushMode.DIRECT : FlushMode.PERIODIC_FSYNC;
        return new Ceiling(DiskProbe.run(new DiskProbeSpec(dir, threads, blocks, mode, perCell, false, maxBytes),
                DiskProbeListener.NONE).ceilingBytesPerSecond(), Ceiling.PROBED);
    }

    /**
     * TCP throughput over loopback in bytes per second (a probed ceiling; 4 streams, receiver side), measured within about
     * {@code budget}. On a single machine this is the ceiling of broker-to-client traffic.
     */
    public static Ceiling probedLoopbackNic(Duration budget) {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        // a third of the budget (at most 1 s) warms up the JIT of the I/O path and is left out of the figure
        Duration warmup = budget.dividedBy(3).compareTo(NetClientSpec.DEFAULT_OMIT) < 0 ? budget.dividedBy(3) : NetClientSpec.DEFAULT_OMIT;
        Duration testDuration = atLeast(budget.minus(warmup).minusMillis(300));
        NetServerLimits limits = NetServerLimits.DEFAULT.withOnce(true);
        try (NetServer server = NetServer.start(loopback, 0, limits)) {
            NetClientSpec spec = NetClientSpec.of(loopback.getHostAddress(), server.port(), QUICK_NET_STREAMS,
                    testDuration, false).withOmit(warmup);
            return new Ceiling(NetClient.run(spec, NetProbeListener.NONE).receiverBytesPerSecond(), Ceiling.PROBED);
        }
    }

    /**
     * A configured ceiling such as {@code 1.2GB/s} or {@code 10Gbit}; {@code flag} names the option in errors.
     *
     * @return the ceiling, or {@code null} when the flag was not given ({@code rate} null): unknown, or probed later
     */
    public static Ceiling configured(String flag, String rate) {
        if (rate == null) {
            return null;
        }
        double bytesPerSecond;
        try {
            bytesPerSecond = DataRate.parse(rate);
        } catch (UsageException e) {
            throw new UsageException(flag + ": " + e.getMessage(), e);
        }
        if (!(bytesPerSecond > 0)) {
            throw new UsageException(flag + " must be positive, got " + rate);
        }
        return new Ceiling(bytesPerSecond, Ceiling.CONFIGURED);
    }

    private static Duration atLeast(Duration duration) {
        return duration.compareTo(MIN_BUDGET) < 0 ? MIN_BUDGET : duration;
    }

    private static long usableBytes(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new UsageException(dir + " is not a directory");
        }
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the free space of " + dir + ": " + e.getMessage(), e);
        }
    }
}
