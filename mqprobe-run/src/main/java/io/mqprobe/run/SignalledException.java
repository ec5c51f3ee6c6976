package io.mqprobe.run;

/**
 * A run's failure after Ctrl-C or SIGTERM cut it short (the wait for workers to join, ended by the signal): the process
 * exits with the signal's code, as a shell reports it, not with the failure's. Its message is its cause's.
 */
public final class SignalledException extends RuntimeException {

    private final int exitCode;

    SignalledException(int exitCode, RuntimeException cause) {
        super(cause);
        this.exitCode = exitCode;
    }

    /** 130 after Ctrl-C, 143 after SIGTERM. */
    public int exitCode() {
        return exitCode;
    }
}
