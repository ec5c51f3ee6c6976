package io.mqprobe.ceilings.disk;

import com.sun.nio.file.ExtendedOpenOption;
import io.mqprobe.api.units.ByteSize;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Runs the passes of one grid cell (write, then optionally cold and cached reads) on the scratch files. */
final class CellRun {

    private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ);
    private static final Set<OpenOption> READ_DIRECT = Set.of(StandardOpenOption.READ, ExtendedOpenOption.DIRECT);

    private final DiskProbeSpec spec;
    private final ScratchDir scratch;
    private final int alignment;
    private final boolean directSupported;
    private final FileOpener opener;
    private final List<String> notes = new ArrayList<>();

    CellRun(DiskProbeSpec spec, ScratchDir scratch, int alignment, boolean directSupported, FileOpener opener) {
        this.spec = spec;
        this.scratch = scratch;
        this.alignment = alignment;
        this.directSupported = directSupported;
        this.opener = opener;
    }

    /** Notes gathered over all cells, each once. */
    List<String> notes() {
        return List.copyOf(notes);
    }

    DiskCell run(int index, int cellCount, DiskGridPoint point, DiskProbeListener listener) {
        int threads = point.threads();
        int block = point.blockSizeBytes();
        ByteBuffer[] buffers = new ByteBuffer[threads];
        for (int i = 0; i < threads; i++) {
            buffers[i] = DirectIo.alignedRandomBuffer(block, alignment, 31L * index + i);
        }
        long fileLimit = spec.bytesPerFile(threads, block);

        listener.onPhaseStarted(index, cellCount, point, DiskPhase.WRITE);
        PhaseRunner.PassResult write = withChannels(threads, writeOptions(), channels -> PhaseRunner.run(
                "disk-writer", threads, spec.durationPerCell(),
                (w, deadline) -> write(channels[w], scratch.file(w), buffers[w], block, fileLimit, deadline)));
        long[] extents = new long[threads];
        for (int i = 0; i < threads; i++) {
            extents[i] = Math.min(write.bytesPerWorker()[i], fileLimit);
            if (write.bytesPerWorker()[i] > fileLimit) {
                note("files wrapped to their start after " + ByteSize.format(fileLimit) + " per writer (--max-bytes "
                        + ByteSize.format(spec.maxBytesOnDisk()) + " shared by the writers of a cell)");
            }
        }

        Double coldRead = null;
        Double cachedRead = null;
        if (spec.readPass()) {
            if (directSupported) {
                listener.onPhaseStarted(index, cellCount, point, DiskPhase.COLD_READ);
                coldRead = coldRead(threads, buffers, block, extents);
            }
            listener.onPhaseStarted(index, cellCount, point, DiskPhase.CACHED_READ);
            cachedRead = cachedRead(threads, buffers, block, extents);
        }
        return new DiskCell(threads, block, write.totalBytes(), write.elapsedNs(), write.bytesPerSecond(), coldRead, cachedRead);
    }

    private Set<OpenOption> writeOptions() {
        Set<OpenOption> options = new HashSet<>(Set.of(
                StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING));
        if (spec.flushMode() == FlushMode.DIRECT) {
            options.add(ExtendedOpenOption.DIRECT);
        }
        return options;
    }

    private long write(FileChannel channel, Path file, ByteBuffer buffer, int block, long fileLimit,
                       PhaseRunner.Deadline deadline) throws IOException {
        boolean fsync = spec.flushMode() == FlushMode.PERIODIC_FSYNC;
        long position = 0;
        long written = 0;
        long unsynced = 0;
        try {
            for (long sequence = 0; !deadline.reached(); sequence++) {
                stampSectors(buffer, block, position, sequence);
                buffer.clear().limit(block);
                while (buffer.hasRemaining()) {
                    position += channel.write(buffer, position);
                }
                written += block;
                if (fsync && (unsynced += block) >= DiskProbeSpec.FSYNC_INTERVAL_BYTES) {
                    channel.force(false);
                    unsynced = 0;
                }
                if (position >= fileLimit) {
                    position = 0;
                }
            }
        } catch (IOException e) {
            throw new IOException("writing " + file + " failed: " + describe(e), e);
        }
        return written;
    }

    /**
     * Makes every 512-byte sector of every write unique (file offset and write number), as fio's default
     * scramble_buffers does: virtual disks that deduplicate or compress would otherwise report a rate for
     * the same block written again and again, which no broker ever writes.
     */
    private static void stampSectors(ByteBuffer buffer, int block, long position, long sequence) {
        for (int sector = 0; sector + 2 * Long.BYTES <= block; sector += 512) {
            buffer.putLong(sector, position + sector);
            buffer.putLong(sector + Long.BYTES, sequence);
        }
    }

    /** Sequential O_DIRECT reads: the page cache is bypassed, so this is the device's read rate. */
    private Double coldRead(int threads, ByteBuffer[] buffers, int block, long[] extents) {
        // O_DIRECT needs aligned lengths and offsets, so the read block is the write block rounded up to the alignment
        int readBlock = DirectIo.roundUp(block, alignment);
        long[] limits = new long[threads];
        for (int i = 0; i < threads; i++) {
            limits[i] = extents[i] - extents[i] % readBlock;
            if (limits[i] == 0) {
                note("cold read skipped for cells that wrote less than one aligned block per writer");
                return null;
            }
        }
        PhaseRunner.PassResult read = withChannels(threads, READ_DIRECT, channels -> {
            for (FileChannel channel : channels) {
                channel.force(false); // written-back pages only: an O_DIRECT read would otherwise flush dirty ones on the clock
            }
            return PhaseRunner.run("disk-cold-reader", threads, spec.durationPerCell(),
                    (r, deadline) -> read(channels[r], scratch.file(r), buffers[r], readBlock, limits[r], true, deadline));
        });
        return read.bytesPerSecond();
    }

    /** Sequential buffered reads of data the page cache holds (after an untimed warm-up when writes bypassed it). */
    private Double cachedRead(int threads, ByteBuffer[] buffers, int block, long[] extents) {
        for (long extent : extents) {
            if (extent == 0) {
                return null;
            }
        }
        long[] cached = extents.clone();
        PhaseRunner.PassResult read = withChannels(threads, READ, channels -> {
            if (spec.flushMode() == FlushMode.DIRECT) {
                PhaseRunner.PassResult warm = PhaseRunner.run("disk-cache-warmer", threads, spec.durationPerCell(),
                        (r, deadline) -> read(channels[r], scratch.file(r), buffers[r], block, extents[r], false, deadline));
                // only what the warm-up reached is in the page cache; the timed pass stays inside it
                for (int i = 0; i < threads; i++) {
                    long warmed = warm.bytesPerWorker()[i];
                    cached[i] = Math.max(block, Math.min(extents[i], warmed - warmed % block));
                }
            }
            return PhaseRunner.run("disk-cached-reader", threads, spec.durationPerCell(),
                    (r, deadline) -> read(channels[r], scratch.file(r), buffers[r], block, cached[r], true, deadline));
        });
        return read.bytesPerSecond();
    }

    private static long read(FileChannel channel, Path file, ByteBuffer buffer, int block, long limit, boolean wrap,
                             PhaseRunner.Deadline deadline) throws IOException {
        long position = 0;
        long total = 0;
        try {
            while (!deadline.reached()) {
                buffer.clear().limit(block);
                int n = channel.read(buffer, position);
                if (n > 0) {
                    position += n;
                    total += n;
                }
                if (n < 0 || position >= limit) {
                    if (!wrap) {
                        break;
                    }
                    position = 0;
                }
            }
        } catch (IOException e) {
            throw new IOException("reading " + file + " failed: " + describe(e), e);
        }
        return total;
    }

    @FunctionalInterface
    private interface ChannelsBody {
        PhaseRunner.PassResult run(FileChannel[] channels) throws IOException;
    }

    private PhaseRunner.PassResult withChannels(int count, Set<OpenOption> options, ChannelsBody body) {
        FileChannel[] channels = new FileChannel[count];
        try {
            for (int i = 0; i < count; i++) {
                Path file = scratch.file(i);
                try {
                    channels[i] = opener.open(file, options);
                } catch (IOException e) {
                    throw new IOException("cannot open " + file + ": " + describe(e), e);
                }
            }
            return body.run(channels);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        } finally {
            for (FileChannel channel : channels) {
                closeQuietly(channel);
            }
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // the file is deleted right after; a close error changes nothing the user can act on
        }
    }

    private void note(String note) {
        if (!notes.contains(note)) {
            notes.add(note);
        }
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }
}
