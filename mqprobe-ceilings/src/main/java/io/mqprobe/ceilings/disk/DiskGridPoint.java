package io.mqprobe.ceilings.disk;

/** The shape of one grid cell: how many writer threads and how many bytes per write. */
public record DiskGridPoint(int threads, int blockSizeBytes) {
}
