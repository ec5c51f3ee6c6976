package io.mqprobe.report;

import io.mqprobe.api.FileTrees;
import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.fail;

/**
 * Runs headless Chromium (the Debian package) on a local file: dump the DOM after the page's scripts ran,
 * or take a screenshot. Every run has its own profile directory and a hard time limit.
 */
public final class Chromium {

    private static final long LIMIT_SECONDS = 90;
    private static final int VIRTUAL_TIME_BUDGET_MS = 15_000;

    private final Path binary;
    private final Path workDir;

    private Chromium(Path binary, Path workDir) {
        this.binary = binary;
        this.workDir = workDir;
    }

    /**
     * The browser, or a skipped test when it is not installed; on CI ({@code CI=true}) a missing browser
     * fails the test, so the browser check can never silently disappear.
     */
    public static Chromium require(Path workDir) {
        Path found = find();
        if (found == null) {
            String message = "chromium is not installed (apt-get install -y chromium, or set CHROMIUM_BIN)";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(message + "; CI=true requires the headless browser check");
            }
            Assumptions.abort(message + "; skipping the headless browser check");
        }
        return new Chromium(found, workDir);
    }

    /** The DOM as serialised after the page's scripts ran. */
    public String dumpDom(Path html) throws IOException, InterruptedException {
        Path out = run("dom", html, List.of("--dump-dom"));
        return Files.readString(out);
    }

    /** A PNG of the first {@code widthPx} × {@code heightPx} of the page. */
    public void screenshot(Path html, Path png, int widthPx, int heightPx) throws IOException, InterruptedException {
        Files.deleteIfExists(png);
        run("shot", html, List.of("--hide-scrollbars", "--window-size=" + widthPx + "," + heightPx,
                "--screenshot=" + png.toAbsolutePath()));
        if (!Files.isRegularFile(png)) {
            fail("chromium wrote no screenshot to " + png);
        }
    }

    private Path run(String kind, Path html, List<String> extra) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(workDir, "chromium-profile-");
        Path stdout = workDir.resolve(kind + "-" + html.getParent().getFileName() + ".out");
        Path stderr = workDir.resolve(kind + "-" + html.getParent().getFileName() + ".err");
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-extensions", "--enable-logging=stderr",
                "--user-data-dir=" + profile.toAbsolutePath(),
                "--virtual-time-budget=" + VIRTUAL_TIME_BUDGET_MS));
        command.addAll(extra);
        command.add(html.toAbsolutePath().toUri().toString());
        Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        try {
            if (!process.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
                // only this browser and its own helper processes
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
                fail("chromium did not finish within " + LIMIT_SECONDS + " s; log: " + tail(stderr));
            }
            if (process.exitValue() != 0) {
                fail("chromium exited with " + process.exitValue() + "; log: " + tail(stderr));
            }
            return stdout;
        } finally {
            deleteTree(profile);
        }
    }

    /** A profile is a few MiB per run; keeping them would fill target/ run after run. */
    private static void deleteTree(Path dir) {
        try {
            FileTrees.delete(dir);
        } catch (UncheckedIOException e) {
            // a helper process may still be writing; the directory is under target/ and goes with mvn clean
        }
    }

    /** The last lines of the browser's log, for failure messages. */
    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static Path find() {
        String configured = System.getenv("CHROMIUM_BIN");
        if (configured != null && !configured.isBlank()) {
            Path p = Path.of(configured);
            return Files.isExecutable(p) ? p : null;
        }
        String path = System.getenv("PATH");
        for (String name : List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")) {
            for (String dir : path == null ? new String[0] : path.split(File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }
}
