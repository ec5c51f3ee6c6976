package io.mqprobe.result;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a {@link ResultDocument} atomically (temp file + rename), so a reader or a crash never sees
 * half a document: after every step and every few seconds the file on disk is a valid snapshot.
 */
public final class ResultFile {

    private final Path path;
    private final ResultDocument document;

    public ResultFile(Path path, ResultDocument document) {
        this.path = path.toAbsolutePath();
        this.document = document;
    }

    public Path path() {
        return path;
    }

    public ResultDocument document() {
        return document;
    }

    /**
     * Writes the current state of the document. Synchronized: the result-writer thread's periodic save and the
     * run's own saves (after each step, at the end) share the temp file, and one's rename must not find it moved.
     */
    public synchronized void write() {
        try {
            Files.createDirectories(path.getParent());
            Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
            byte[] json = document.toJson();
            Files.write(tmp, json);
            try {
                Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write result " + path + ": " + e.getMessage(), e);
        }
    }
}
