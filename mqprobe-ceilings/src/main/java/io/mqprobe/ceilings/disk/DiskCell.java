package io.mqprobe.ceilings.disk;

/**
 * The measured figures of one grid cell.
 *
 * @param threads                  writer threads, each appending to its own file
 * @param blockSizeBytes           bytes per write call
 * @param bytesWritten             bytes written by all threads in the measured window
 * @param writeElapsedNs           from the common start to the last writer's end
 * @param writeBytesPerSecond      {@code bytesWritten} over {@code writeElapsedNs}
 * @param coldReadBytesPerSecond   sequential O_DIRECT read rate (page cache bypassed), or {@code null} when not measured
 * @param cachedReadBytesPerSecond sequential buffered read rate of the same files from the page cache, or {@code null}
 */
public record DiskCell(int threads, int blockSizeBytes, long bytesWritten, long writeElapsedNs, double writeBytesPerSecond,
                       Double coldReadBytesPerSecond, Double cachedReadBytesPerSecond) {
}
