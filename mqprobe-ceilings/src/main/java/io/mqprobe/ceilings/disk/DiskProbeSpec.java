package io.mqprobe.ceilings.disk;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.DurationJson;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One disk probe: every combination of writer threads and block size is one cell, run for
 * {@code durationPerCell}. Each writer appends to its own file; a file that reaches its share of
 * {@code maxBytesOnDisk} wraps to its start (as fio {@code --time_based} does), so the probe never
 * holds more than {@code maxBytesOnDisk} on disk.
 *
 * @param dir             directory on the file system to measure; the probe writes into a fresh subdirectory of it
 * @param threadCounts    writer thread counts, 1 to {@value #MAX_THREADS}
 * @param blockSizesBytes bytes per write, {@value #MIN_BLOCK_BYTES} B to 64 MiB
 * @param flushMode       page cache, periodic fsync or O_DIRECT
 * @param durationPerCell how long each cell writes (and, with {@code readPass}, how long each read pass reads)
 * @param readPass        also read the files back sequentially, cold (O_DIRECT) and from the page cache
 * @param maxBytesOnDisk  upper bound of the bytes on disk at any time, over all files of a cell
 */
public record DiskProbeSpec(@JsonSerialize(using = ToStringSerializer.class) Path dir, List<Integer> threadCounts, List<Integer> blockSizesBytes, FlushMode flushMode,
                            @JsonSerialize(using = DurationJson.Serializer.class)
                            @JsonDeserialize(using = DurationJson.Deserializer.class)
                            Duration durationPerCell,
                            boolean readPass, long maxBytesOnDisk) {

    /** With {@link FlushMode#PERIODIC_FSYNC}, each file is fdatasync'ed after this many bytes. */
    public static final long FSYNC_INTERVAL_BYTES = 1L << 20;
    public static final int MAX_THREADS = 256;
    public static final int MIN_BLOCK_BYTES = 512;
    public static final int MAX_BLOCK_BYTES = 64 << 20;
    /** Upper bound of the direct buffers one cell holds (threads × block), well under the JVM's direct memory. */
    public static final long MAX_BUFFER_BYTES = 512L << 20;
    private static final Duration MIN_DURATION = Duration.ofMillis(100);
    private static final Duration MAX_DURATION = Duration.ofHours(1);

    public DiskProbeSpec {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(flushMode, "flushMode");
        Objects.requireNonNull(durationPerCell, "durationPerCell");
        threadCounts = List.copyOf(threadCounts);
        blockSizesBytes = List.copyOf(blockSizesBytes);
        if (threadCounts.isEmpty() || blockSizesBytes.isEmpty()) {
            throw new UsageException("--threads and --block need at least one value each");
        }
        for (int threads : threadCounts) {
            if (threads < 1 || threads > MAX_THREADS) {
                throw new UsageException("--threads values must be between 1 and " + MAX_THREADS + ", got " + threads);
            }
        }
        for (int block : blockSizesBytes) {
            if (block < MIN_BLOCK_BYTES || block > MAX_BLOCK_BYTES) {
                throw new UsageException("--block values must be between " + ByteSize.format(MIN_BLOCK_BYTES)
                        + " and " + ByteSize.format(MAX_BLOCK_BYTES) + ", got " + ByteSize.format(block));
            }
        }
        if (durationPerCell.compareTo(MIN_DURATION) < 0 || durationPerCell.compareTo(MAX_DURATION) > 0) {
            throw new UsageException("--duration must be between 100ms and 1h, got " + durationPerCell);
        }
        int maxThreads = threadCounts.stream().mapToInt(Integer::intValue).max().orElseThrow();
        int maxBlock = blockSizesBytes.stream().mapToInt(Integer::intValue).max().orElseThrow();
        if ((long) maxThreads * maxBlock > MAX_BUFFER_BYTES) {
            throw new UsageException(maxThreads + " threads × " + ByteSize.format(maxBlock) + " blocks need more than "
                    + ByteSize.format(MAX_BUFFER_BYTES) + " of buffers; use fewer --threads or smaller --block");
        }
        if (maxBytesOnDisk / maxThreads < maxBlock) {
            throw new UsageException("--max-bytes " + ByteSize.format(maxBytesOnDisk) + " is too small for "
                    + maxThreads + " threads × " + ByteSize.format(maxBlock) + " blocks");
        }
    }

    /** Bytes one writer of a cell with {@code threads} writers may hold on disk, whole blocks only. */
    public long bytesPerFile(int threads, int blockSizeBytes) {
        long share = maxBytesOnDisk / threads;
        return share - share % blockSizeBytes;
    }
}
