package io.mqprobe.ceilings.disk;

import com.sun.nio.file.ExtendedOpenOption;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;

/** O_DIRECT support of a file system, and the aligned direct buffers it needs. */
final class DirectIo {

    /** Alignment used when the file system does not tell its block size. */
    static final int DEFAULT_ALIGNMENT = 4096;

    private DirectIo() {
    }

    /** The file system block size, which the JDK requires O_DIRECT buffers, positions and lengths to be multiples of. */
    static int alignment(Path dir) {
        try {
            long size = Files.getFileStore(dir).getBlockSize();
            return size > 0 && size <= (1 << 20) && Long.bitCount(size) == 1 ? (int) size : DEFAULT_ALIGNMENT;
        } catch (IOException | UnsupportedOperationException e) {
            return DEFAULT_ALIGNMENT;
        }
    }

    /** Whether files in the directory of {@code probeFile} can be opened with O_DIRECT (tmpfs cannot). */
    static boolean supported(Path probeFile) {
        try (FileChannel ignored = FileChannel.open(probeFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                ExtendedOpenOption.DIRECT)) {
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        } finally {
            try {
                Files.deleteIfExists(probeFile);
            } catch (IOException ignored) {
                // the scratch directory is removed as a whole later
            }
        }
    }

    /**
     * A direct buffer whose address is a multiple of {@code alignment}, with capacity {@code sizeBytes} rounded
     * up to the alignment, filled with random bytes so compressing file systems cannot cheat.
     */
    static ByteBuffer alignedRandomBuffer(int sizeBytes, int alignment, long seed) {
        int capacity = roundUp(sizeBytes, alignment);
        ByteBuffer buffer = ByteBuffer.allocateDirect(capacity + alignment).alignedSlice(alignment).slice(0, capacity);
        SplittableRandom random = new SplittableRandom(seed);
        while (buffer.remaining() >= Long.BYTES) {
            buffer.putLong(random.nextLong());
        }
        return buffer.clear();
    }

    static int roundUp(int value, int alignment) {
        return (value + alignment - 1) / alignment * alignment;
    }
}
