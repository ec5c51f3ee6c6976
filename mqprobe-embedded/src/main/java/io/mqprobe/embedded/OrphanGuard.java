package io.mqprobe.embedded;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * Runs first in every node's child JVM: halts the node when the mqprobe process that started it dies
 * (even kill -9, which runs no shutdown hook), unless the node was detached on purpose since.
 */
public final class OrphanGuard {

    /** Exit status of a node halted because its mqprobe process died. */
    public static final int ORPHAN_EXIT_CODE = 86;

    private OrphanGuard() {
    }

    /**
     * Reads the guard's two leading arguments ({@code <watchedPid> <detachedMarker>}, put there by the
     * launcher), starts watching, and returns the node's own arguments.
     */
    public static String[] install(String[] args) {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: <main> <watchedPid> <detachedMarker> [node arguments]");
        }
        haltWhenGone(Long.parseLong(args[0]), Path.of(args[1]));
        return Arrays.copyOfRange(args, 2, args.length);
    }

    private static void haltWhenGone(long watchedPid, Path detachedMarker) {
        Optional<ProcessHandle> watched = ProcessHandle.of(watchedPid);
        if (watched.isEmpty()) {
            haltUnlessDetached(watchedPid, detachedMarker);
            return;
        }
        watched.get().onExit().thenRun(() -> haltUnlessDetached(watchedPid, detachedMarker));
    }

    private static void haltUnlessDetached(long watchedPid, Path detachedMarker) {
        if (!Files.exists(detachedMarker)) {
            System.err.println("mqprobe process " + watchedPid + " is gone: halting this embedded node");
            Runtime.getRuntime().halt(ORPHAN_EXIT_CODE);
        }
    }
}
