package io.mqprobe.workers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Files that hold a secret (a token, a Secret's manifest): created new, readable by their owner only. */
public final class PrivateFiles {

    private PrivateFiles() {
    }

    /** Replaces {@code file} with {@code text}, mode 600 from its creation (no moment when others could read it). */
    public static void write(Path file, String text) throws IOException {
        Files.deleteIfExists(file);
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(file);   // a file system without POSIX permissions: the directory's own protection has to do
        }
        Files.writeString(file, text);
    }
}
