package io.mqprobe.api;

/** No broker of the target answered in time: exit code 3. */
public class TargetUnreachableException extends RuntimeException {

    public TargetUnreachableException(String message) {
        super(message);
    }

    public TargetUnreachableException(String message, Throwable cause) {
        super(message, cause);
    }
}
