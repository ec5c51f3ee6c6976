package io.mqprobe.ceilings.disk;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** Expands a spec into its cells: thread counts are the rows, block sizes the columns, in the order given. */
public final class DiskGrid {

    private DiskGrid() {
    }

    /** Every thread count with every block size, row by row; repeated values count once. */
    public static List<DiskGridPoint> expand(DiskProbeSpec spec) {
        List<DiskGridPoint> points = new ArrayList<>();
        for (int threads : new LinkedHashSet<>(spec.threadCounts())) {
            for (int block : new LinkedHashSet<>(spec.blockSizesBytes())) {
                points.add(new DiskGridPoint(threads, block));
            }
        }
        return List.copyOf(points);
    }
}
