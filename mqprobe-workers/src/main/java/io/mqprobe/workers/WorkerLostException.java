package io.mqprobe.workers;

/** A worker stopped answering its coordinator: the step it was loading has lost that worker's share. */
public final class WorkerLostException extends RuntimeException {

    WorkerLostException(String worker, String doing, Exception cause) {
        super("load worker " + worker + " stopped answering while " + doing + ": " + cause.getMessage(), cause);
    }
}
