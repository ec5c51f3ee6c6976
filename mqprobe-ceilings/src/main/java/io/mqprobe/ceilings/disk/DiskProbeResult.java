package io.mqprobe.ceilings.disk;

import java.util.List;

/**
 * The grid of a disk probe, its best cell and the write ceiling it implies.
 *
 * @param cells                 one entry per grid cell, in grid order
 * @param best                  the cell with the highest write rate
 * @param ceilingBytesPerSecond the highest write rate measured: the disk's append ceiling in this flush mode
 * @param spec                  what was run
 * @param coldReadMethod        how the cold read bypassed the page cache, or {@code null} without a read pass
 * @param notes                 things the reader should know (skipped read passes, wrapped files)
 */
public record DiskProbeResult(List<DiskCell> cells, DiskCell best, double ceilingBytesPerSecond, DiskProbeSpec spec,
                              String coldReadMethod, List<String> notes) {

    public DiskProbeResult {
        cells = List.copyOf(cells);
        notes = List.copyOf(notes);
    }
}
