package io.mqprobe.ceilings.disk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The probe's own subdirectory of the user's {@code --dir}. Everything the probe writes lives here and is
 * deleted after each cell, on close, and from a shutdown hook when the JVM is stopped (Ctrl-C, SIGTERM)
 * mid-run; unlinking files that writers still hold open is safe on POSIX file systems.
 */
final class ScratchDir implements AutoCloseable {

    private final Path root;
    private final Thread shutdownHook;

    private ScratchDir(Path root) {
        this.root = root;
        this.shutdownHook = new Thread(this::deleteQuietly, "mqprobe-disk-cleanup");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    static ScratchDir create(Path parent) {
        String name = "mqprobe-disk-" + ProcessHandle.current().pid() + "-"
                + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        try {
            return new ScratchDir(Files.createDirectory(parent.resolve(name)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a scratch directory in " + parent + ": " + e.getMessage(), e);
        }
    }

    Path root() {
        return root;
    }

    Path file(int writer) {
        return root.resolve("writer-" + writer + ".dat");
    }

    /** Deletes every file written so far; the directory stays for the next cell. */
    void deleteFiles() {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(root)) {
            for (Path file : files) {
                Files.deleteIfExists(file);
            }
        } catch (NoSuchFileException gone) {
            // already removed by the shutdown hook
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete probe files in " + root + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to run and does the same work
        }
        deleteFiles();
        try {
            Files.deleteIfExists(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root + ": " + e.getMessage(), e);
        }
    }

    private void deleteQuietly() {
        try {
            deleteFiles();
            Files.deleteIfExists(root);
        } catch (IOException | UncheckedIOException e) {
            System.err.println("mqprobe: could not delete " + root + ": " + e.getMessage());
        }
    }
}
