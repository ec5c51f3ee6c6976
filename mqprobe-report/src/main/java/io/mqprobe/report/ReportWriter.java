package io.mqprobe.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders the reports of a {@code result.json}: report.html and report.md unless other {@link ReportFormat}s are
 * asked for. Each file is replaced atomically, so a browser reloading during a run never sees half a report.
 */
public final class ReportWriter {

    private ReportWriter() {
    }

    /**
     * Writes report.html and report.md next to the result, or into {@code outDir} when it is not null
     * (created if missing); returns the html path.
     *
     * @throws io.mqprobe.api.UsageException when the result cannot be read or is not a result document
     * @throws IOException when the reports cannot be written
     */
    public static Path write(Path resultJson, Path outDir) throws IOException {
        return write(ReportInput.read(resultJson), outDir != null ? outDir : resultJson.toAbsolutePath().getParent());
    }

    /**
     * Writes report.html and report.md of a result already read into {@code outDir} (created if missing); returns the
     * html path.
     */
    public static Path write(ReportInput input, Path outDir) throws IOException {
        return write(input, outDir, ReportFormats.DEFAULT).get(0);
    }

    /** Writes one file per format into {@code outDir} (created if missing); returns their paths in the same order. */
    public static List<Path> write(ReportInput input, Path outDir, List<ReportFormat> formats) throws IOException {
        Path dir = outDir.toAbsolutePath();
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (ReportFormat format : formats) {
            Path file = dir.resolve(format.fileName());
            replace(file, format.render(input));
            written.add(file);
        }
        return written;
    }

    private static void replace(Path file, String content) throws IOException {
        // not Files.createTempFile: its owner-only permissions would carry over to the report
        Path tmp = file.resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.writeString(tmp, content, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
