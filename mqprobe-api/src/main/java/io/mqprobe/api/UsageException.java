package io.mqprobe.api;

/** The user asked for something impossible (bad flag value, unknown topic, unreadable file): exit code 2. */
public class UsageException extends RuntimeException {

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
