package io.mqprobe.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Temp files and dirs named after the process that made them ({@code mqprobe-jfr-<pid>-...}). A run ended by kill -9
 * cannot delete its own (a broker's flight-recording copy, a local fleet's dir with its worker token and logs); the
 * next process that makes one removes what dead processes left, and touches nothing of a live process or of anyone
 * else: only the {@link Kind kinds} named here, only when their process is gone.
 */
public final class OwnedTempFiles {

    /** What mqprobe keeps in the temp dir, by the word in its name. */
    public enum Kind {
        /** A copy of a broker's flight recording, read while the run lasts. */
        JFR("jfr"),
        /** A local fleet's dir: its workers' token and logs. */
        WORKERS("workers");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        private String prefix(long pid) {
            return "mqprobe-" + word + "-" + pid + "-";
        }
    }

    private static final Pattern OWNED = Pattern.compile("mqprobe-("
            + String.join("|", Stream.of(Kind.values()).map(k -> k.word).toList()) + ")-(\\d+)-.+");
    private static final AtomicBoolean SWEPT = new AtomicBoolean();

    private OwnedTempFiles() {
    }

    /** A new temp file of {@code kind}, deleted when this JVM exits; the first one a process makes sweeps the dead's. */
    public static Path file(Kind kind, String suffix) throws IOException {
        sweepOnce();
        Path file = Files.createTempFile(kind.prefix(ProcessHandle.current().pid()), suffix);
        file.toFile().deleteOnExit();
        return file;
    }

    /** A new temp dir of {@code kind}, which its maker deletes; the first one a process makes sweeps the dead's. */
    public static Path dir(Kind kind) throws IOException {
        sweepOnce();
        return Files.createTempDirectory(kind.prefix(ProcessHandle.current().pid()));
    }

    private static void sweepOnce() {
        if (SWEPT.compareAndSet(false, true)) {
            try {
                removeStale(Path.of(System.getProperty("java.io.tmpdir")));
            } catch (UncheckedIOException e) {
                // best effort: what cannot be removed costs disk space, not a run
            }
        }
    }

    /** Removes from {@code tempDir} what processes that are gone left there; returns the names removed. */
    public static List<String> removeStale(Path tempDir) {
        try (Stream<Path> entries = Files.list(tempDir)) {
            List<Path> stale = entries.filter(OwnedTempFiles::leftByTheDead).toList();
            stale.forEach(FileTrees::delete);
            return stale.stream().map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + tempDir, e);
        }
    }

    private static boolean leftByTheDead(Path entry) {
        Matcher owned = OWNED.matcher(entry.getFileName().toString());
        return owned.matches() && ProcessHandle.of(Long.parseLong(owned.group(2))).map(p -> !p.isAlive()).orElse(true);
    }
}
