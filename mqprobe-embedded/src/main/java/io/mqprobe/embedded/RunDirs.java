package io.mqprobe.embedded;

import io.mqprobe.api.FileTrees;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * Creates, recognises and removes embedded-cluster run dirs. Only directories carrying mqprobe's
 * marker file are ever emptied or deleted, so a mistyped path cannot cost anyone their files.
 */
public final class RunDirs {

    public static final String MARKER = ".mqprobe-cluster";

    /** A run dir younger than this without a state file may belong to a cluster that is starting right now. */
    private static final Duration STARTING_GRACE = Duration.ofMinutes(10);

    private RunDirs() {
    }

    /**
     * A fresh temp dir named {@code tempPrefix...} for {@code null}, else the given dir made empty; refuses
     * a live cluster or foreign files.
     */
    public static Path prepare(Path requested, String tempPrefix) {
        try {
            if (requested == null) {
                removeStaleTempDirs(tempPrefix);
            }
            Path dir = requested == null ? Files.createTempDirectory(tempPrefix) : requested.toAbsolutePath();
            Files.createDirectories(dir);
            if (!isEmpty(dir)) {
                if (!ours(dir)) {
                    throw new EmbeddedClusterException("run dir " + dir + " is not empty and was not made by mqprobe; choose another");
                }
                if (ClusterState.exists(dir) && !stateStale(dir)) {
                    throw new EmbeddedClusterException("an embedded cluster already lives in " + dir + "; stop it first");
                }
                clear(dir);
            }
            Files.writeString(dir.resolve(MARKER), "embedded cluster run dir; deleted by mqprobe when the cluster stops\n");
            return dir;
        } catch (IOException e) {
            throw new EmbeddedClusterException("cannot create run dir: " + e.getMessage(), "", e);
        }
    }

    /** Temp run dirs of killed runs would pile up in the temp dir, where nobody else looks. */
    private static void removeStaleTempDirs(String tempPrefix) {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> dirs = Files.list(tmp)) {
            dirs.filter(d -> d.getFileName().toString().startsWith(tempPrefix) && Files.isDirectory(d))
                    .filter(RunDirs::stale)
                    .forEach(RunDirs::delete);
        } catch (IOException | UncheckedIOException e) {
            // best effort: a dir we cannot list or delete costs disk space, not correctness
        }
    }

    public static boolean ours(Path dir) {
        return Files.isRegularFile(dir.resolve(MARKER));
    }

    /** True when {@code dir} is one of ours whose cluster is gone for good (see {@link ClusterState#stale}). */
    public static boolean stale(Path dir) {
        if (!ours(dir)) {
            return false;
        }
        if (ClusterState.exists(dir)) {
            return stateStale(dir);
        }
        try {
            Instant made = Files.getLastModifiedTime(dir.resolve(MARKER)).toInstant();
            return made.isBefore(Instant.now().minus(STARTING_GRACE));
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean stateStale(Path dir) {
        try {
            return ClusterState.read(dir).stale(dir);
        } catch (IllegalArgumentException corrupt) {
            return true;
        }
    }

    /** Deletes everything but the marker. */
    public static void clear(Path dir) {
        try (Stream<Path> children = Files.list(dir)) {
            children.filter(p -> !p.getFileName().toString().equals(MARKER)).forEach(FileTrees::delete);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + dir, e);
        }
    }

    /** Deletes a run dir of ours; leaves anything else alone. */
    public static void delete(Path dir) {
        if (ours(dir)) {
            FileTrees.delete(dir);
        }
    }

    /**
     * Deletes the run dirs under {@code parentDir} left by clusters whose nodes are all gone (a killed
     * mqprobe cannot delete its own); only dirs with mqprobe's marker. Returns how many were removed.
     */
    public static int removeStale(Path parentDir) {
        if (!Files.isDirectory(parentDir)) {
            return 0;
        }
        try (Stream<Path> dirs = Files.list(parentDir)) {
            List<Path> stale = dirs.filter(Files::isDirectory).filter(RunDirs::stale).toList();
            stale.forEach(RunDirs::delete);
            return stale.size();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + parentDir, e);
        }
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> children = Files.list(dir)) {
            return children.findAny().isEmpty();
        }
    }
}
