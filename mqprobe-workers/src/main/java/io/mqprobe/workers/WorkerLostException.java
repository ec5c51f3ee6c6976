package io.mqprobe.workers;

/** A worker stopped answering its coordinator: the step it was loading has lost that worker's share. */
public final class WorkerLostException extends RuntimeException {

    WorkerLostException(String worker, String doing, Exception cause) {
        super("load worker " + worker + " stopped answering while " + doing + ": " + reason(cause), cause);
    }

    /** What went wrong, never empty: a refused connection has no message of its own, only its type. */
    static String reason(Exception e) {
        return e.getMessage() != null && !e.getMessage().isBlank() ? e.getMessage() : e.getClass().getSimpleName();
    }
}
