package io.mqprobe.ceilings.disk;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Measures sequential append throughput like a Kafka log segment: M writer threads, each appending
 * N-byte blocks to its own file through a {@code FileChannel} with direct buffers, over a grid of M and N.
 * Files live in a fresh subdirectory of {@code spec.dir()} and are gone when {@link #run} returns or throws.
 */
public final class DiskProbe {

    /** How the cold read pass keeps the page cache out of the figure. */
    public static final String COLD_READ_METHOD = "O_DIRECT reads after fdatasync (page cache bypassed)";

    private DiskProbe() {
    }

    /**
     * Runs every cell of the grid, one after the other.
     *
     * @throws UsageException                 when the directory is unusable, too full, or cannot do O_DIRECT in direct mode
     * @throws java.io.UncheckedIOException    when a write or read fails (the message names the file)
     * @throws java.util.concurrent.CancellationException when the calling thread is interrupted
     */
    public static DiskProbeResult run(DiskProbeSpec spec, DiskProbeListener progress) {
        return run(spec, progress, FileOpener.DEFAULT);
    }

    /** Whether files in {@code dir} can be opened with O_DIRECT (tmpfs cannot); leaves nothing behind. */
    public static boolean directIoSupported(Path dir) {
        Path probeFile = dir.resolve(".mqprobe-direct-check-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        return DirectIo.supported(probeFile);
    }

    static DiskProbeResult run(DiskProbeSpec spec, DiskProbeListener progress, FileOpener opener) {
        DiskPreflight.check(spec);
        List<DiskGridPoint> points = DiskGrid.expand(spec);
        List<DiskCell> cells = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        boolean directSupported;
        try (ScratchDir scratch = ScratchDir.create(spec.dir())) {
            int alignment = DirectIo.alignment(spec.dir());
            directSupported = DirectIo.supported(scratch.root().resolve("direct-check"));
            checkDirectMode(spec, alignment, directSupported);
            if (spec.flushMode() == FlushMode.PAGE_CACHE) {
                notes.add("page-cache mode measures how fast the kernel accepts writes; while dirty data fits in memory"
                        + " that is memory speed, not the device (use --mode direct for the device)");
            }
            if (spec.readPass() && !directSupported) {
                notes.add("cold read skipped: the file system of " + spec.dir() + " does not support O_DIRECT");
            }
            CellRun cellRun = new CellRun(spec, scratch, alignment, directSupported, opener);
            progress.onStarted(spec, points.size());
            for (int i = 0; i < points.size(); i++) {
                DiskCell cell = cellRun.run(i, points.size(), points.get(i), progress);
                scratch.deleteFiles();
                cells.add(cell);
                progress.onCellFinished(i, points.size(), cell);
            }
            notes.addAll(cellRun.notes());
        }
        DiskCell best = cells.stream().max(Comparator.comparingDouble(DiskCell::writeBytesPerSecond)).orElseThrow();
        String coldReadMethod = spec.readPass() && directSupported ? COLD_READ_METHOD : null;
        return new DiskProbeResult(cells, best, best.writeBytesPerSecond(), spec, coldReadMethod, notes);
    }

    private static void checkDirectMode(DiskProbeSpec spec, int alignment, boolean directSupported) {
        if (spec.flushMode() != FlushMode.DIRECT) {
            return;
        }
        if (!directSupported) {
            throw new UsageException("--mode direct: the file system of " + spec.dir()
                    + " does not support O_DIRECT (tmpfs?); use --mode page-cache or another --dir");
        }
        for (int block : spec.blockSizesBytes()) {
            if (block % alignment != 0) {
                throw new UsageException("--mode direct needs block sizes that are multiples of "
                        + ByteSize.format(alignment) + " (the file system block size), got " + ByteSize.format(block));
            }
        }
    }
}
