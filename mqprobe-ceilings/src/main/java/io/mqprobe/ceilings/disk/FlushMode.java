package io.mqprobe.ceilings.disk;

/** How appended data reaches the device during a disk probe. */
public enum FlushMode {

    /** Buffered writes; the kernel writes the page cache back later, as Kafka does by default. */
    PAGE_CACHE,

    /** Buffered writes with an fdatasync every {@link DiskProbeSpec#FSYNC_INTERVAL_BYTES} per file (fio {@code --fdatasync=N}). */
    PERIODIC_FSYNC,

    /** O_DIRECT writes from aligned direct buffers: the page cache is bypassed (fio {@code --direct=1}). */
    DIRECT;

    /** The name users type ({@code --mode page-cache}), for output. */
    public String typedName() {
        return switch (this) {
            case PAGE_CACHE -> "page-cache";
            case PERIODIC_FSYNC -> "fsync";
            case DIRECT -> "direct";
        };
    }
}
