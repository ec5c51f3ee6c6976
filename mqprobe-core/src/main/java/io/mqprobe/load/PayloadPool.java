package io.mqprobe.load;

import io.mqprobe.api.UsageException;

import java.io.IOException;
import java.nio.file.Files;
import java.util.SplittableRandom;

/**
 * Bytes built once before the run; message {@code i} of a stream copies a window whose offset is a
 * deterministic function of {@code i}, so bodies vary without any per-message generation cost.
 */
public final class PayloadPool {

    private static final int MIN_POOL_BYTES = 1 << 20;
    /** Compressors see repeats within this window; varied blocks of this size keep ratios realistic. */
    private static final int BLOCK_BYTES = 64;

    private final byte[] pool;
    private final int recordSizeBytes;
    private final int windows;

    private PayloadPool(byte[] pool, int recordSizeBytes) {
        this.pool = pool;
        this.recordSizeBytes = recordSizeBytes;
        this.windows = Math.max(1, (pool.length - recordSizeBytes) / 7 + 1);
    }

    public static PayloadPool build(PayloadSpec spec, int recordSizeBytes, long seed) {
        int size = Math.max(MIN_POOL_BYTES, recordSizeBytes * 4);
        byte[] bytes;
        if (spec instanceof PayloadSpec.Compressible c) {
            bytes = compressible(size, c.ratio(), seed);
        } else if (spec instanceof PayloadSpec.FromFile f) {
            bytes = fromFile(f, size);
        } else {
            bytes = random(size, seed);
        }
        return new PayloadPool(bytes, recordSizeBytes);
    }

    /** Copies message {@code index}'s body into {@code target[0, recordSizeBytes)}. */
    public void fill(byte[] target, long index) {
        int offset = (int) ((index * 7919) % windows) * 7;
        System.arraycopy(pool, offset, target, 0, recordSizeBytes);
    }

    public int recordSizeBytes() {
        return recordSizeBytes;
    }

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    /**
     * Each block gets {@code BLOCK/ratio} random bytes followed by a run of one repeated byte: LZ-style
     * codecs keep the random part and collapse the run, so output is about {@code 1/ratio} of the input.
     */
    private static byte[] compressible(int size, double ratio, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        byte[] b = new byte[size];
        int randomPerBlock = (int) Math.round(BLOCK_BYTES / ratio);
        for (int block = 0; block < size; block += BLOCK_BYTES) {
            int end = Math.min(size, block + BLOCK_BYTES);
            for (int i = block; i < end; i++) {
                b[i] = i - block < randomPerBlock ? (byte) rnd.nextInt(256) : (byte) 'x';
            }
        }
        return b;
    }

    private static byte[] fromFile(PayloadSpec.FromFile spec, int size) {
        byte[] content;
        try {
            content = Files.readAllBytes(spec.file());
        } catch (IOException e) {
            throw new UsageException("cannot read payload file " + spec.file() + ": " + e.getMessage());
        }
        if (content.length == 0) {
            throw new UsageException("payload file " + spec.file() + " is empty");
        }
        byte[] b = new byte[size];
        for (int i = 0; i < size; i += content.length) {
            System.arraycopy(content, 0, b, i, Math.min(content.length, size - i));
        }
        return b;
    }
}
