package io.mqprobe.ceilings.disk;

/** Progress of a disk probe, called from the thread that runs it. */
public interface DiskProbeListener {

    /** Ignores every event. */
    DiskProbeListener NONE = new DiskProbeListener() {
    };

    /** The checks passed (directory, free space, O_DIRECT) and the first cell is about to start. */
    default void onStarted(DiskProbeSpec spec, int cellCount) {
    }

    /** @param index 0-based position of the cell in the grid */
    default void onPhaseStarted(int index, int cellCount, DiskGridPoint point, DiskPhase phase) {
    }

    default void onCellFinished(int index, int cellCount, DiskCell cell) {
    }
}
