package io.mqprobe.cli;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A fresh mqprobe home for each test ({@code @RegisterExtension}), and the previous one back afterwards: other test
 * classes share one cluster under their own home. Runs after the test's own {@code @AfterEach}, so a test can still
 * bring down what it left up under this home.
 */
public final class TempMqprobeHome implements BeforeEachCallback, AfterEachCallback {

    private Path dir;
    private String previous;

    public Path dir() {
        return dir;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        previous = System.getProperty("mqprobe.home");
        dir = Files.createTempDirectory("mqprobe-test-home");
        System.setProperty("mqprobe.home", dir.toString());
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        if (previous == null) {
            System.clearProperty("mqprobe.home");
        } else {
            System.setProperty("mqprobe.home", previous);
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(TempMqprobeHome::delete);
        }
    }

    private static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
