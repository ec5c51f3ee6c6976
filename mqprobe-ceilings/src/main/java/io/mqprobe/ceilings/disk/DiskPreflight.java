package io.mqprobe.ceilings.disk;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/** Refuses a disk probe before it writes anything: missing directory, or not enough free space. */
final class DiskPreflight {

    /** Space that must stay free besides the probe's files: 5 % of the file system, at least 1 GiB. */
    static final long MIN_RESERVE_BYTES = 1L << 30;

    private DiskPreflight() {
    }

    static void check(DiskProbeSpec spec) {
        Path dir = spec.dir();
        if (!Files.isDirectory(dir)) {
            throw new UsageException("--dir " + dir + " is not a directory");
        }
        if (!Files.isWritable(dir)) {
            throw new UsageException("--dir " + dir + " is not writable");
        }
        long usable;
        long reserve;
        try {
            FileStore store = Files.getFileStore(dir);
            usable = store.getUsableSpace();
            reserve = Math.max(MIN_RESERVE_BYTES, store.getTotalSpace() / 20);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the free space of " + dir + ": " + e.getMessage(), e);
        }
        if (spec.maxBytesOnDisk() > usable - reserve) {
            throw new UsageException("refusing to write up to " + ByteSize.format(spec.maxBytesOnDisk()) + " in " + dir
                    + ": " + ByteSize.format(usable) + " free and " + ByteSize.format(reserve)
                    + " must stay free; lower --max-bytes or choose another --dir");
        }
    }
}
