package io.mqprobe.cli.ceiling;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.api.UsageException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a probe result as pretty JSON for {@code --json FILE}. */
final class JsonOutput {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonOutput() {
    }

    /** Fails before a long run rather than after it when the file cannot be written. */
    static void checkWritable(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent) || Files.isDirectory(file)) {
            throw new UsageException("cannot write --json " + file + ": no writable directory " + parent);
        }
    }

    static void write(Path file, Object result) {
        try {
            JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), result);
        } catch (IOException e) {
            throw new UsageException("cannot write --json " + file + ": " + e.getMessage(), e);
        }
    }
}
