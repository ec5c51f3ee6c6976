package io.mqprobe.ceilings.disk;

/** The passes of one grid cell, in the order they run. */
public enum DiskPhase {
    WRITE, COLD_READ, CACHED_READ
}
