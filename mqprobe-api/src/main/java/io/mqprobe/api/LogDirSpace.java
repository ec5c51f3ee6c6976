package io.mqprobe.api;

/** Size and free space of one broker log directory (the disk the broker writes to). */
public record LogDirSpace(int brokerId, String path, long totalBytes, long usableBytes) {
}
