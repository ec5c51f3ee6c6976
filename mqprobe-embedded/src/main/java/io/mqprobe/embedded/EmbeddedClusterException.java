package io.mqprobe.embedded;

/**
 * The embedded cluster could not start, stop or recover a broker. The message is one line; the
 * tail of the broker's logs, when there is one, is kept apart in {@link #logTail()}.
 */
public class EmbeddedClusterException extends RuntimeException {

    private final String logTail;

    public EmbeddedClusterException(String message) {
        this(message, "", null);
    }

    public EmbeddedClusterException(String message, String logTail, Throwable cause) {
        super(message, cause);
        this.logTail = logTail == null ? "" : logTail;
    }

    /** Last lines of the logs of the broker that failed, or empty. */
    public String logTail() {
        return logTail;
    }
}
