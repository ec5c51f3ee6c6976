package io.mqprobe.workers;

import io.mqprobe.api.UsageException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The secret a coordinator and its workers share: every control request carries it, and a request without it is
 * refused. Its value never appears in {@link #toString}, a log line or a result.
 */
public final class WorkerToken {

    /** Fewer characters than this are too easy to guess to protect a load generator. */
    static final int MIN_LENGTH = 16;

    private final String value;

    private WorkerToken(String value) {
        this.value = value;
    }

    /** A fresh random token (256 bits), for workers this machine starts itself. */
    public static WorkerToken random() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return new WorkerToken(HexFormat.of().formatHex(bytes));
    }

    /** The token in {@code file} (its first line, trimmed). */
    public static WorkerToken read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
        } catch (IOException e) {
            throw new UsageException("cannot read the token file " + file + ": " + e.getMessage());
        }
        if (text.length() < MIN_LENGTH) {
            throw new UsageException("the token in " + file + " is shorter than " + MIN_LENGTH + " characters");
        }
        return new WorkerToken(text);
    }

    /** Writes the token to a new file only its owner can read. */
    public void writeTo(Path file) throws IOException {
        PrivateFiles.write(file, value + "\n");
    }

    /** Constant-time comparison, so the time a refusal takes tells nothing about the token. */
    boolean matches(String presented) {
        return presented != null && MessageDigest.isEqual(value.getBytes(StandardCharsets.UTF_8),
                presented.getBytes(StandardCharsets.UTF_8));
    }

    /** What a request carries in {@link WorkerProtocol#TOKEN_HEADER}. */
    String value() {
        return value;
    }

    /** The value itself, for the one place that must hold it in clear (a Kubernetes Secret's data). */
    public String reveal() {
        return value;
    }

    @Override
    public String toString() {
        return "WorkerToken[redacted]";
    }
}
