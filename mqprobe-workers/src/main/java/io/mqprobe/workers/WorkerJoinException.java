package io.mqprobe.workers;

/** Fewer load workers joined than the run asked for, within its wait. */
public final class WorkerJoinException extends RuntimeException {

    WorkerJoinException(String message) {
        super(message);
    }
}
