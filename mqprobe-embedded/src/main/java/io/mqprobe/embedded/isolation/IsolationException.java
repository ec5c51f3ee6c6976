package io.mqprobe.embedded.isolation;

/**
 * Confinement could not be set up or undone (a command or cgroup file failed), or a fault needs confinement the
 * cluster was started without. The message is one line and names the command, file or missing flag.
 */
public class IsolationException extends RuntimeException {

    public IsolationException(String message) {
        super(message);
    }
}
