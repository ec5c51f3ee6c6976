package io.mqprobe.embedded;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** Reads the end of node log files, which grow too large to read whole. */
public final class LogTail {

    private static final int MAX_TAIL_BYTES = 64 * 1024;

    private LogTail() {
    }

    /** The last {@code lines} lines of the file under a header naming it, or "" when it does not exist. */
    public static String of(Path file, int lines) {
        if (!Files.isRegularFile(file)) {
            return "";
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long start = Math.max(0, raf.length() - MAX_TAIL_BYTES);
            byte[] bytes = new byte[(int) (raf.length() - start)];
            raf.seek(start);
            raf.readFully(bytes);
            List<String> all = Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\n"));
            List<String> last = all.subList(Math.max(0, all.size() - lines), all.size());
            return "--- " + file + " ---\n" + String.join("\n", last) + "\n";
        } catch (IOException e) {
            return "--- " + file + ": " + e.getMessage() + " ---\n";
        }
    }

    /** The last line that looks like the reason of a failure, to put into a one-line message. */
    public static Optional<String> lastProblem(String tail) {
        String[] lines = tail.split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            String line = lines[i];
            if (line.contains("ERROR") || line.contains("Exception") || line.startsWith("Error")) {
                return Optional.of(line.strip());
            }
        }
        return Optional.empty();
    }
}
